// fluxlab: what every fluxlab chart page shares (report.html, the history's trend chart): Chart.js defaults, and the
// count of charts that really drew, which the page publishes on <body> for people and for the browser tests.
window.fluxlabCharts = (function () {
  'use strict';
  var expected = Number(document.body.getAttribute('data-charts-expected'));
  var drawn = {};

  function ready() {
    if (Object.keys(drawn).length === expected) { document.body.setAttribute('data-charts-ready', 'true'); }
  }

  Chart.defaults.animation = false;
  Chart.defaults.responsive = true;
  Chart.defaults.maintainAspectRatio = false;
  Chart.defaults.font.family = 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';
  Chart.defaults.font.size = 11;
  Chart.defaults.plugins.legend.labels.boxWidth = 14;

  Chart.register({
    id: 'fluxlabDrawn',
    afterDraw: function (chart) {
      drawn[chart.canvas.id] = true;
      document.body.setAttribute('data-charts-drawn', String(Object.keys(drawn).length));
      ready();
    }
  });

  return {
    // a chart the page announced but replaced by a note (no data): one fewer to wait for
    skip: function () {
      expected -= 1;
      document.body.setAttribute('data-charts-expected', String(expected));
      ready();
    }
  };
})();
