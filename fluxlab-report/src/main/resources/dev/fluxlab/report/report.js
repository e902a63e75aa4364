// fluxlab report: draws the charts from the inline JSON (all figures are computed by fluxlab, not here).
(function () {
  'use strict';
  var data = JSON.parse(document.getElementById('fluxlab-data').textContent);
  var palette = ['#2563eb', '#dc2626', '#059669', '#d97706', '#7c3aed', '#0891b2', '#db2777', '#4d7c0f', '#9333ea', '#0f766e', '#b45309', '#475569'];
  function color(i, alpha) {
    var c = palette[i % palette.length];
    if (alpha === undefined) { return c; }
    var r = parseInt(c.substr(1, 2), 16), g = parseInt(c.substr(3, 2), 16), b = parseInt(c.substr(5, 2), 16);
    return 'rgba(' + r + ',' + g + ',' + b + ',' + alpha + ')';
  }
  var fmt = new Intl.NumberFormat('en-US', {maximumFractionDigits: 0});
  var fmt3 = new Intl.NumberFormat('en-US', {maximumSignificantDigits: 3});

  Chart.defaults.elements.point.radius = 0;
  Chart.defaults.elements.line.borderWidth = 1.8;

  // min-max whiskers over the repeats on the throughput bars
  var whiskers = {
    id: 'fluxlabWhiskers',
    afterDatasetsDraw: function (chart) {
      var rows = data.throughput, y = chart.scales.y, ctx = chart.ctx;
      var bars = chart.getDatasetMeta(0).data;
      ctx.save();
      ctx.strokeStyle = '#111827';
      ctx.lineWidth = 1.5;
      bars.forEach(function (bar, i) {
        var r = rows[i];
        if (!r || r.n < 2 || r.min === null || r.max === null) { return; }
        var top = y.getPixelForValue(r.max), bottom = y.getPixelForValue(r.min), x = bar.x, w = Math.min(10, bar.width / 4);
        ctx.beginPath();
        ctx.moveTo(x, top); ctx.lineTo(x, bottom);
        ctx.moveTo(x - w, top); ctx.lineTo(x + w, top);
        ctx.moveTo(x - w, bottom); ctx.lineTo(x + w, bottom);
        ctx.stroke();
      });
      ctx.restore();
    }
  };

  function hatch(base) {
    var c = document.createElement('canvas');
    c.width = 8; c.height = 8;
    var x = c.getContext('2d');
    x.fillStyle = base; x.fillRect(0, 0, 8, 8);
    x.strokeStyle = 'rgba(255,255,255,0.7)'; x.lineWidth = 2;
    x.beginPath(); x.moveTo(0, 8); x.lineTo(8, 0); x.stroke();
    return x.createPattern(c, 'repeat');
  }

  function empty(id, text) {
    var canvas = document.getElementById(id);
    if (!canvas) { return; } // fluxlab already wrote a note instead of a canvas
    canvas.parentNode.style.height = 'auto';
    var p = document.createElement('p');
    p.className = 'nodata';
    p.textContent = text;
    canvas.parentNode.replaceChild(p, canvas);
    window.fluxlabCharts.skip();
  }

  function throughputChart() {
    var rows = data.throughput;
    var max = 0;
    rows.forEach(function (r) { max = Math.max(max, r.max || 0, r.median || 0); });
    new Chart(document.getElementById('chart-throughput'), {
      type: 'bar',
      data: {
        labels: rows.map(function (r) { return r.label + (r.valid ? '' : ' !') + (r.flagged ? ' *' : ''); }),
        datasets: [{
          label: 'req/s (median)',
          data: rows.map(function (r) { return r.median; }),
          backgroundColor: rows.map(function (r) { return r.valid ? color(r.color, 0.75) : hatch('#9ca3af'); }),
          borderColor: rows.map(function (r) { return r.valid ? color(r.color) : '#6b7280'; }),
          borderWidth: 1,
          maxBarThickness: 64
        }]
      },
      options: {
        plugins: {
          legend: {display: false},
          tooltip: {callbacks: {label: function (ctx) {
            var r = rows[ctx.dataIndex];
            return fmt.format(r.median) + ' req/s' + (r.n > 1 ? ' (min ' + fmt.format(r.min) + ', max ' + fmt.format(r.max) + ', n=' + r.n + ')' : ' (n=1)');
          }}}
        },
        scales: {
          y: {beginAtZero: true, suggestedMax: max * 1.08, title: {display: true, text: 'req/s'},
              ticks: {callback: function (v) { return fmt.format(v); }}},
          x: {ticks: {autoSkip: false, maxRotation: 30}}
        }
      },
      plugins: [whiskers]
    });
  }

  var percentileTicks = [2, 10, 100, 1000, 10000, 100000];
  function percentileLabel(x) {
    var p = (1 - 1 / x) * 100;
    return (Math.round(p * 10000) / 10000) + '%';
  }

  function lines(series, dashed) {
    return series.map(function (s) {
      return {
        label: s.label,
        data: s.points,
        borderColor: color(s.color),
        backgroundColor: color(s.color, 0.15),
        borderDash: s.dash ? s.dash : (s.dashed ? [6, 4] : undefined),
        segment: dashed ? {borderDash: function (ctx) {
          var p = s.points[ctx.p1DataIndex];
          return p && p.warmup ? [4, 4] : undefined;
        }} : undefined,
        parsing: true,
        fill: false,
        tension: 0.15
      };
    });
  }

  function latencyChart(id, series) {
    if (!series.length || !document.getElementById(id)) { empty(id, 'No latency histogram recorded.'); return; }
    var maxX = 2;
    series.forEach(function (s) { s.points.forEach(function (p) { maxX = Math.max(maxX, p.x); }); });
    new Chart(document.getElementById(id), {
      type: 'line',
      data: {datasets: lines(series, false)},
      options: {
        interaction: {mode: 'nearest', intersect: false},
        plugins: {tooltip: {callbacks: {
          title: function (items) { return items.length ? percentileLabel(items[0].parsed.x) : ''; },
          label: function (ctx) { return ctx.dataset.label + ': ' + fmt3.format(ctx.parsed.y) + ' ms'; }
        }}},
        scales: {
          x: {type: 'logarithmic', min: 1, max: maxX, title: {display: true, text: 'percentile'},
              afterBuildTicks: function (scale) {
                scale.ticks = percentileTicks.filter(function (v) { return v <= maxX * 1.0001; }).map(function (v) { return {value: v}; });
              },
              ticks: {callback: function (v) { return percentileLabel(v); }}},
          y: {beginAtZero: true, title: {display: true, text: 'latency ms'}}
        }
      }
    });
  }

  function timeChart(id, series, yTitle, xTitle, warmupDash, none) {
    if (!series.length || !document.getElementById(id)) { empty(id, none); return; }
    new Chart(document.getElementById(id), {
      type: 'line',
      data: {datasets: lines(series, warmupDash)},
      options: {
        interaction: {mode: 'nearest', intersect: false},
        scales: {
          x: {type: 'linear', title: {display: true, text: xTitle}},
          y: {beginAtZero: true, title: {display: true, text: yTitle},
              ticks: {callback: function (v) { return fmt3.format(v); }}}
        }
      }
    });
  }

  try {
    throughputChart();
    data.groups.forEach(function (g, i) {
      latencyChart('chart-latency-' + i, g.latency);
      timeChart('chart-rps-' + i, g.rps, 'req/s', 'seconds since load start', true, 'No per-second samples recorded.');
      timeChart('chart-cpu-' + i, g.cpu, 'cores', 'seconds since repeat start', false, 'No process samples recorded.');
      timeChart('chart-jit-' + i, g.jit || [], 'compile ms/s', 'seconds since repeat start', false,
          'No JIT counters recorded (the processes published no HotSpot performance counters).');
    });
  } catch (e) {
    window.fluxlabError('Chart error: ' + (e && e.stack ? e.stack : e));
  }
})();
