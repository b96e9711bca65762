// On a phone the filters fold away (a wide screen shows them, and hides the fold's
// summary): closed on load unless a field needs the person's attention.
(function () {
  if (!window.matchMedia("(max-width: 47.99em)").matches) return;
  document.querySelectorAll("details.filters-fold").forEach(function (fold) {
    if (!fold.querySelector(".field__error")) fold.open = false;
  });
})();
