// On a phone the filters fold away (a wide screen shows them, and hides the fold's
// summary): closed on load unless a field needs the person's attention.
(function () {
  if (!window.matchMedia("(max-width: 47.99em)").matches) return;
  document.querySelectorAll("details.filters-fold").forEach(function (fold) {
    if (!fold.querySelector(".field__error")) fold.open = false;
  });
})();

// A reference field's picker: as the person types a name, an address or a key, the
// records of the types the field accepts are offered below it (a listbox the arrow
// keys move through); choosing one puts its key in the field (or, for a field of
// several, adds it as a line). Without script the field takes a key, a name or an
// address as typed, and the server resolves it. What the picker says when a record
// is chosen is the page's sentence, in its language (the picker's data-say-added and
// data-say-chosen, %(record)s filled in here; the English stands in for a missing one).
(function () {
  var counter = 0;
  function say(picker, name, english, record) {
    return (picker.getAttribute("data-say-" + name) || english).split("%(record)s").join(record);
  }
  function setup(picker) {
    var many = picker.classList.contains("picker--many");
    var input = picker.querySelector(many ? ".picker__find" : "input[role=combobox]");
    var target = many ? picker.querySelector("textarea") : input;
    var list = picker.querySelector(".picker__list");
    var status = picker.querySelector(".picker__status");
    var chosen = picker.querySelector(".picker__chosen");
    var active = -1;
    var timer = null;
    var results = [];

    function close() {
      list.hidden = true;
      input.setAttribute("aria-expanded", "false");
      input.removeAttribute("aria-activedescendant");
      active = -1;
    }
    function highlight(index) {
      var items = list.querySelectorAll("li");
      items.forEach(function (item, i) {
        item.setAttribute("aria-selected", i === index ? "true" : "false");
        item.classList.toggle("picker__option--active", i === index);
      });
      active = index;
      if (index >= 0 && items[index]) input.setAttribute("aria-activedescendant", items[index].id);
    }
    function choose(index) {
      var hit = results[index];
      if (!hit) return;
      if (many) {
        var lines = target.value.split("\n").map(function (l) { return l.trim(); }).filter(Boolean);
        if (lines.indexOf(hit.key) < 0) lines.push(hit.key);
        target.value = lines.join("\n");
        input.value = "";
        status.textContent = say(picker, "added", "%(record)s added.", hit.text);
      } else {
        input.value = hit.key;
        if (chosen) chosen.textContent = hit.text + (hit.owner ? " · " + hit.owner : "");
        status.textContent = say(picker, "chosen", "%(record)s chosen.", hit.text);
      }
      close();
    }
    function show(data) {
      results = data.results || [];
      list.innerHTML = "";
      results.forEach(function (hit, i) {
        var item = document.createElement("li");
        item.id = input.id + "_option_" + i;
        item.setAttribute("role", "option");
        item.setAttribute("aria-selected", "false");
        item.className = "picker__option";
        var text = document.createElement("span");
        text.textContent = hit.text;
        var more = document.createElement("span");
        more.className = "picker__more";
        more.textContent = " " + hit.kind + (hit.owner ? " · " + hit.owner : "") + " · " + hit.key;
        item.appendChild(text);
        item.appendChild(more);
        item.addEventListener("mousedown", function (event) {
          event.preventDefault();
          choose(i);
        });
        list.appendChild(item);
      });
      status.textContent = data.status || "";
      list.hidden = results.length === 0;
      input.setAttribute("aria-expanded", results.length ? "true" : "false");
      active = -1;
    }
    function ask() {
      var url = picker.dataset.pickerUrl + "?q=" + encodeURIComponent(input.value) +
        "&types=" + encodeURIComponent(picker.dataset.pickerTypes || "") +
        "&near=" + encodeURIComponent(picker.dataset.pickerNear || "");
      fetch(url, { credentials: "same-origin", headers: { Accept: "application/json" } })
        .then(function (response) { return response.ok ? response.json() : { results: [] }; })
        .then(show)
        .catch(function () { close(); });
    }
    if (!input.id) input.id = "picker-" + (++counter);
    input.addEventListener("input", function () {
      if (chosen && !many) chosen.textContent = "";
      clearTimeout(timer);
      timer = setTimeout(ask, 200);
    });
    input.addEventListener("focus", function () {
      if (!input.value && picker.dataset.pickerNear) ask();
    });
    input.addEventListener("keydown", function (event) {
      if (list.hidden) return;
      if (event.key === "ArrowDown") {
        event.preventDefault();
        highlight(Math.min(active + 1, results.length - 1));
      } else if (event.key === "ArrowUp") {
        event.preventDefault();
        highlight(Math.max(active - 1, 0));
      } else if (event.key === "Enter" && active >= 0) {
        event.preventDefault();
        choose(active);
      } else if (event.key === "Escape") {
        close();
      }
    });
    input.addEventListener("blur", function () { setTimeout(close, 150); });
  }
  document.querySelectorAll(".picker").forEach(setup);
})();

// An error summary takes the focus, so that the person hears what to fix first.
(function () {
  var summary = document.querySelector(".error-summary");
  if (summary) {
    summary.setAttribute("tabindex", "-1");
    summary.focus();
  }
})();

// The worklist's lines fold on a phone (a card that opens on a tap), and so do its
// filters; on a wide screen the stylesheet shows what they fold, or, in a browser
// that cannot style a details element's content, they are opened here.
(function () {
  if (window.CSS && CSS.supports && CSS.supports("selector(::details-content)")) return;
  if (window.matchMedia("(max-width: 48em)").matches) return;
  document.querySelectorAll("details.line__more, details.worklist__filters").forEach(function (line) {
    line.open = true;
  });
})();
