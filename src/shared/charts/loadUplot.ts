// uPlot and its stylesheet, fetched the first time a chart is drawn: only the pages with charts
// carry them (the reporting pages today), never the login page or the portal's first chunk.
export async function loadUplot() {
  const [module] = await Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css')]);
  return module.default;
}
