// fluxlab history: draws the trend charts from the inline JSON (every figure is computed by fluxlab, not here).
(function () {
  'use strict';
  var data = JSON.parse(document.getElementById('fluxlab-trend').textContent);
  var fmt = new Intl.NumberFormat('en-US', {maximumSignificantDigits: 4});

  // a vertical line before the first run of each new level, labelled with the change
  function changeMarkers(changes) {
    return {
      id: 'fluxlabChanges',
      afterDatasetsDraw: function (chart) {
        var x = chart.scales.x, area = chart.chartArea, ctx = chart.ctx;
        ctx.save();
        changes.forEach(function (c) {
          var px = (x.getPixelForValue(c.point - 1) + x.getPixelForValue(c.point)) / 2;
          ctx.strokeStyle = c.better ? '#059669' : '#b91c1c';
          ctx.lineWidth = 1.5;
          ctx.setLineDash([5, 4]);
          ctx.beginPath(); ctx.moveTo(px, area.top); ctx.lineTo(px, area.bottom); ctx.stroke();
          ctx.setLineDash([]);
          ctx.fillStyle = ctx.strokeStyle;
          ctx.fillText(c.text, px + 4, area.top + 12);
        });
        ctx.restore();
      }
    };
  }

  data.series.forEach(function (s, i) {
    var pts = s.points;
    var labels = pts.map(function (p) { return p.started; });
    new Chart(document.getElementById('trend-' + i), {
      type: 'line',
      data: {
        labels: labels,
        datasets: [
          {label: 'max', data: pts.map(function (p) { return p.max; }), borderWidth: 0, pointRadius: 0,
            backgroundColor: 'rgba(37,99,235,0.15)', fill: '+1'},
          {label: 'min', data: pts.map(function (p) { return p.min; }), borderWidth: 0, pointRadius: 0, fill: false},
          {label: 'median (' + data.unit + ')', data: pts.map(function (p) { return p.median; }), borderColor: '#2563eb',
            backgroundColor: '#2563eb', borderWidth: 1.8,
            pointRadius: pts.map(function (p) { return p.valid ? 3 : 6; }),
            pointStyle: pts.map(function (p) { return p.valid ? 'circle' : 'crossRot'; }),
            pointBorderColor: pts.map(function (p) { return p.valid ? '#2563eb' : '#b91c1c'; }),
            pointBackgroundColor: pts.map(function (p) { return p.environment ? '#f59e0b' : '#2563eb'; })},
          {label: 'level', data: s.levels, borderColor: '#d97706', borderDash: [6, 4], borderWidth: 1.5, pointRadius: 0,
            stepped: 'middle', fill: false}
        ]
      },
      options: {
        interaction: {mode: 'index', intersect: false},
        scales: {y: {title: {display: true, text: data.unit}, ticks: {callback: function (v) { return fmt.format(v); }}}},
        plugins: {
          legend: {labels: {filter: function (item) { return item.text !== 'min' && item.text !== 'max'; }}},
          tooltip: {callbacks: {
            title: function (items) { return pts[items[0].dataIndex].run; },
            afterBody: function (items) {
              var p = pts[items[0].dataIndex];
              var lines = ['n=' + p.n + (p.valid ? '' : ' (INVALID)')];
              if (p.environment) { lines.push('environment: ' + p.environment); }
              return lines;
            }
          }}
        }
      },
      plugins: [changeMarkers(s.changes)]
    });
  });
})();
