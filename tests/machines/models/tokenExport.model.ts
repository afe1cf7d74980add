/**
 * Model of Export API Token (spec section 5: password re-entry first; section 9: a year's token in an
 * 11-row text area with a Copy button that says "Text copied to clipboard"): choose the token, type
 * the password, then see, copy or be refused.
 */
import assert from 'node:assert/strict';
import { tokenExportMachine, type TokenExportEvent } from '../../../machines/tokenExport';
import { defineModel, type EventSamples } from '../harness/model';

export const chosenTokenId = 41;
export const rowTokenId = 7;
export const typedPassword = 'Demo-Password-1';
export const exported = { token: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiI0In0.c2lnbmF0dXJl' };
/** What the API client throws for a wrong password on a basic call (the server's 401 text). */
export const wrongPassword = 'Failed to export the API token: Invalid user name or password';
export const copyFailed = 'The token could not be copied: select the text and copy it';

const events = {
  'user.choose': [{ type: 'user.choose', tokenId: chosenTokenId }],
  'user.submit': [{ type: 'user.submit', password: typedPassword }],
  'user.back': [{ type: 'user.back' }],
  'user.retry': [{ type: 'user.retry' }],
  'user.copy': [{ type: 'user.copy' }],
  'user.close': [{ type: 'user.close' }],
} satisfies EventSamples<TokenExportEvent>;

export const tokenExportModel = defineModel({
  machine: tokenExportMachine,
  inputs: {
    /** From the ellipsis menu: no token chosen yet. */
    fromMenu: {},
    /** From a row of the tokens table: that token. */
    fromRow: { tokenId: rowTokenId },
  },
  events,
  actors: {
    exportToken: { done: [exported], error: new Error(wrongPassword) },
    copyText: { done: [null], error: new Error('Write permission denied') },
  },
  delays: {},
  traversal: { simplePaths: false },
  examples: [
    // An empty password sends nothing: the dialog stays on the password step.
    { scenario: 'fromRow', events: [{ type: 'user.submit', password: '' }, { type: 'user.submit', password: typedPassword }] },
  ],
  expect: {
    states: {
      choosing: (s, step) => {
        assert.equal(s.context.token, null, 'nothing exported yet');
        if (!step.previous) assert.equal(step.scenario, 'fromMenu', 'only the menu opens on the token list');
        assert.deepEqual(step.invoked, []);
      },
      confirming: (s, step) => {
        assert.notEqual(s.context.tokenId, null, 'the password is asked for a chosen token');
        if (step.event.type === 'user.choose') assert.equal(s.context.tokenId, chosenTokenId);
        if (!step.previous) assert.equal(s.context.tokenId, rowTokenId);
        assert.equal(s.context.token, null);
        assert.deepEqual(step.invoked, [], 'nothing is sent before the password is typed');
        assert.ok(!JSON.stringify(s.context).includes(typedPassword), 'the password is never kept');
      },
      exporting: (s, step) => {
        assert.equal(step.event.type, 'user.submit');
        assert.equal(s.context.error, undefined, 'a new attempt forgets the last refusal');
        assert.deepEqual(step.invoked, [{ src: 'exportToken', id: 'exportToken', input: { tokenId: s.context.tokenId, password: typedPassword } }]);
        assert.ok(!JSON.stringify(s.context).includes(typedPassword), 'the password goes to the call only');
      },
      refused: (s, step) => {
        assert.equal(step.event.type, 'xstate.error.actor.exportToken');
        assert.equal(s.context.error, wrongPassword, 'the dialog says why');
        assert.equal(s.context.token, null, 'nothing exported');
      },
      shown: (s, step) => {
        assert.equal(s.context.token, exported.token);
        if (step.event.type === 'xstate.error.actor.copyText') assert.equal(s.context.error, copyFailed);
        else assert.equal(s.context.error, undefined);
      },
      copying: (_s, step) => {
        assert.equal(step.event.type, 'user.copy');
        assert.deepEqual(step.invoked, [{ src: 'copyText', id: 'copyText', input: { text: exported.token } }]);
      },
      copied: (s, step) => {
        assert.equal(step.event.type, 'xstate.done.actor.copyText');
        assert.equal(s.context.token, exported.token);
        assert.equal(s.context.error, undefined);
      },
      closed: (s, step) => {
        assert.equal(s.status, 'done');
        assert.equal(step.event.type, 'user.close');
        assert.deepEqual(step.actions, [{ type: 'closed', params: undefined }]);
        assert.equal(s.context.token, null, 'the token is forgotten with the dialog');
        if (step.previous?.matches('exporting')) assert.deepEqual(step.cancelled, ['exportToken'], 'closing abandons the call');
      },
    },
  },
});
