// fluxlab report: keeps an end table's row keys in view while its figures scroll sideways. Every row-key column is
// sticky at the summed width of the ones before it (CSS alone cannot know those widths; without this script only the
// first row key sticks).
(function () {
  'use strict';
  function stick() {
    document.querySelectorAll('table.end').forEach(function (table) {
      var head = table.tHead && table.tHead.rows[0];
      if (!head) { return; }
      var lefts = [], x = 0;
      for (var i = 0; i < head.cells.length && head.cells[i].classList.contains('key'); i++) {
        lefts.push(x);
        x += head.cells[i].getBoundingClientRect().width;
      }
      Array.prototype.forEach.call(table.rows, function (tr) {
        for (var k = 0; k < lefts.length && k < tr.cells.length; k++) {
          tr.cells[k].style.left = lefts[k] + 'px';
          tr.cells[k].classList.add('stuck');
          tr.cells[k].classList.toggle('last-key', k === lefts.length - 1);
        }
      });
    });
  }
  stick();
  window.addEventListener('load', stick);
})();
