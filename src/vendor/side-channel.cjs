// A WeakMap stand-in for the `side-channel` package, which qs uses only to detect cycles while
// stringifying query objects (get/set on object keys). The real package pulls object-inspect and
// get-intrinsic into the first page for browsers that all have WeakMap; vite.config.ts aliases it.
'use strict';

module.exports = function getSideChannel() {
  var map = new WeakMap();
  return {
    assert: function (key) {
      if (!map.has(key)) throw new TypeError('Side channel does not contain the key');
    },
    delete: function (key) {
      return map.delete(key);
    },
    get: function (key) {
      return map.get(key);
    },
    has: function (key) {
      return map.has(key);
    },
    set: function (key, value) {
      map.set(key, value);
    },
  };
};
