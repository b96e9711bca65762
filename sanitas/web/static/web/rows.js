// A list of objects on a record's form (a design's runs, a charge's costs), a row each.
// Without script each row's buttons post the form, and the page comes back with the row
// added, removed or moved and every value typed kept. With it the same buttons act in
// the page: a row is copied from the list's empty row (its <template>), removed, or
// swapped with its neighbour, the rows numbered again (their inputs' names, ids and
// labels, and their headings), and what happened said to a screen reader in the page's
// words (the list's data-say-* sentences, {row} and {n} filled in here).
(function () {
  "use strict";

  // every attribute that names a row's inputs by its place: segments-2-length_ft
  var NAMED = ["name", "id", "for", "aria-describedby", "aria-controls", "aria-labelledby"];

  function say(list, what, row) {
    var status = list.querySelector(".record-rows__status");
    var sentence = list.getAttribute("data-say-" + what) || "";
    status.textContent = sentence.split("{row}").join(row);
  }

  function heading(list, number) {
    return (list.getAttribute("data-say-heading") || "{n}").split("{n}").join(String(number));
  }

  function rows(list) {
    return Array.prototype.slice.call(list.querySelector(".record-rows__list").children);
  }

  // rename a row's inputs from whatever place they had to ``place`` (in two passes, so
  // that a radio never shares its group's name with another row's for a moment, which
  // would clear its choice)
  function rename(row, prefix, place) {
    var pattern = new RegExp(prefix.replace(/[.*+?^${}()|[\]\\]/g, "\\$&") + "-[^-\\s]+-", "g");
    var elements = [row].concat(Array.prototype.slice.call(row.querySelectorAll("*")));
    elements.forEach(function (element) {
      NAMED.forEach(function (attribute) {
        var value = element.getAttribute(attribute);
        if (value && value.indexOf(prefix + "-") >= 0) {
          element.setAttribute(attribute, value.replace(pattern, prefix + "-" + place + "-"));
        }
      });
    });
  }

  function renumber(list) {
    var prefix = list.getAttribute("data-rows");
    var all = rows(list);
    all.forEach(function (row, index) {
      rename(row, prefix, "moving" + index);
    });
    all.forEach(function (row, index) {
      rename(row, prefix, String(index));
      row.querySelectorAll(".record-row__name").forEach(function (name) {
        name.textContent = heading(list, index + 1);
      });
      row.querySelectorAll("button[name=row_action]").forEach(function (button) {
        var verb = button.value.split(" ")[1];
        button.value = prefix + " " + verb + " " + index;
      });
      row.querySelector(".record-row__up").hidden = index === 0;
      row.querySelector(".record-row__down").hidden = index === all.length - 1;
    });
    list.querySelector(".record-rows__count").value = String(all.length);
  }

  function add(list) {
    var blank = list.querySelector("template.record-rows__blank");
    var row = blank.content.firstElementChild.cloneNode(true);
    list.querySelector(".record-rows__list").appendChild(row);
    renumber(list);
    var first = row.querySelector("input:not([type=hidden]), select, textarea");
    if (first) first.focus();
    say(list, "added", heading(list, rows(list).length));
  }

  function remove(list, row) {
    var all = rows(list);
    var index = all.indexOf(row);
    var name = heading(list, index + 1);
    row.remove();
    renumber(list);
    var next = rows(list)[index] || rows(list)[index - 1];
    (next ? next.querySelector(".record-row__heading") : list.querySelector(".record-rows__add"))
      .focus();
    say(list, "removed", name);
  }

  function move(list, row, by, button) {
    var all = rows(list);
    var index = all.indexOf(row);
    var other = all[index + by];
    if (!other) return;
    if (by < 0) other.before(row);
    else other.after(row);
    renumber(list);
    // the button pressed, unless the row is now where it cannot move that way
    var again = button.hidden ? row.querySelector(by < 0 ? ".record-row__down" : ".record-row__up") : button;
    again.focus();
    say(list, "moved", heading(list, index + by + 1));
  }

  document.querySelectorAll(".record-rows[data-rows]").forEach(function (list) {
    // a heading focused after its row's neighbour was removed
    list.querySelectorAll(".record-row__heading").forEach(function (h) {
      h.setAttribute("tabindex", "-1");
    });
    list.addEventListener("click", function (event) {
      var button = event.target.closest("button[name=row_action]");
      if (!button || !list.contains(button)) return;
      event.preventDefault();
      var row = button.closest(".record-row");
      var verb = button.value.split(" ")[1];
      if (verb === "add") add(list);
      else if (verb === "remove") remove(list, row);
      else if (verb === "up") move(list, row, -1, button);
      else if (verb === "down") move(list, row, 1, button);
      list.querySelectorAll(".record-row__heading").forEach(function (h) {
        h.setAttribute("tabindex", "-1");
      });
    });
  });
})();
