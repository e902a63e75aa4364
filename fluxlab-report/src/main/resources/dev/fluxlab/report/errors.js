// fluxlab report: show any script failure on the page instead of failing silently.
(function () {
  function show(message) {
    var box = document.getElementById('js-errors');
    if (!box) { return; }
    box.hidden = false;
    box.textContent += message + '\n';
  }
  window.fluxlabError = show;
  window.onerror = function (message, source, line, column) {
    show('JavaScript error: ' + message + ' (line ' + line + ':' + column + ')');
  };
  window.addEventListener('unhandledrejection', function (e) {
    show('Unhandled promise rejection: ' + e.reason);
  });
})();
