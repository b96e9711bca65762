// A job's page follows its job: the progress endpoint is polled every two seconds
// until the job ends, then the page is loaded again to show the outcome. "About … left"
// is the page's sentence, in its language (data-say-left, %(left)s filled in here).
(function () {
  var box = document.querySelector("[data-job-progress]");
  if (!box) return;
  function field(name) { return box.querySelector('[data-field="' + name + '"]'); }
  // the bar's width as the page was served (the pages' policy allows no inline
  // style), for a job that has ended as for one still running
  var fill = field("fill");
  if (fill) fill.style.width = (fill.getAttribute("data-percent") || 0) + "%";
  if (box.getAttribute("data-ended") === "1") return;
  var url = box.getAttribute("data-job-progress");
  function setText(name, text) { var el = field(name); if (el) el.textContent = text || ""; }
  function show(p) {
    setText("state_label", p.state_label);
    var tag = field("state_label");
    if (tag) tag.className = "usa-tag job-state job-state--" + p.state;
    setText("counted", p.counted);
    setText("percent", p.percent === null ? "" : p.percent + "%");
    var left = box.getAttribute("data-say-left") || "about %(left)s left";
    setText("time_left", p.time_left ? left.split("%(left)s").join(p.time_left) : "");
    setText("message", p.message);
    if (fill) fill.style.width = (p.percent || 0) + "%";
    var bar = field("progress");
    if (bar) { bar.value = p.percent || 0; bar.textContent = (p.percent || 0) + "%"; }
  }
  function poll() {
    fetch(url, { credentials: "same-origin", headers: { Accept: "application/json" } })
      .then(function (answer) { return answer.ok ? answer.json() : null; })
      .then(function (p) {
        if (!p) { window.setTimeout(poll, 5000); return; }
        show(p);
        if (p.ended) { window.location.reload(); return; }
        window.setTimeout(poll, 2000);
      })
      .catch(function () { window.setTimeout(poll, 5000); });
  }
  window.setTimeout(poll, 1000);
})();
