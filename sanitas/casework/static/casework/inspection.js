// The inspection steps: the FOG figure computed as the depths are typed (the server
// computes it again on saving), and the signature pad, which fills the hidden
// "drawing" field with a PNG of what was drawn. Without this script the steps still
// work: the figure shows once saved, and a typed name stands for the signature.
// The figure's sentences are the page's, in its language: the output element's
// data-say-* attributes, with %(percent)s and %(limit)s filled in here; the English
// below stands in for an attribute that is missing.
(function () {
  "use strict";

  var language = document.documentElement.lang || "en";
  var say = function (element, name, english, values) {
    var text = element.getAttribute("data-say-" + name) || english;
    Object.keys(values || {}).forEach(function (key) {
      text = text.split("%(" + key + ")s").join(values[key]);
    });
    return text;
  };
  var figure = function (number) {
    try {
      return number.toLocaleString(language);
    } catch (e) {
      return String(number);
    }
  };

  var output = document.getElementById("fog-percent");
  if (output) {
    var field = function (name) {
      return document.querySelector("[data-fog-depth='" + name + "']");
    };
    var floating = field("floating_fog_in");
    var settled = field("settled_solids_in");
    var total = field("total_depth_in");
    var limit = parseFloat(output.getAttribute("data-limit") || "25");
    var read = function (input) {
      var value = input && input.value.trim() !== "" ? Number(input.value) : NaN;
      return isFinite(value) ? value : NaN;
    };
    var show = function () {
      var f = read(floating), s = read(settled), t = read(total);
      var box = output.closest(".fog-percent");
      box.classList.remove("fog-percent--over", "fog-percent--within");
      if (isNaN(f) || isNaN(s) || isNaN(t)) {
        output.textContent = say(output, "empty", "Type the three depths.");
        return;
      }
      if (t <= 0) {
        output.textContent = say(
          output, "zero", "The total liquid depth must be more than zero.");
        return;
      }
      if (f + s > t) {
        output.textContent = say(
          output, "deeper", "FOG and solids cannot be deeper than the total liquid depth.");
        return;
      }
      var percent = Math.round(((f + s) / t) * 1000) / 10;
      var over = percent > limit;
      box.classList.add(over ? "fog-percent--over" : "fog-percent--within");
      var values = { percent: figure(percent), limit: figure(limit) };
      output.textContent = over
        ? say(output, "over", "%(percent)s percent: above the %(limit)s percent limit", values)
        : say(output, "within", "%(percent)s percent: within the %(limit)s percent limit", values);
    };
    [floating, settled, total].forEach(function (input) {
      if (input) input.addEventListener("input", show);
    });
    show();
  }

  var pad = document.querySelector(".signature-pad");
  if (pad) {
    var form = pad.closest("form");
    var canvas = pad.querySelector("canvas");
    var hidden = form.querySelector("input[name='drawing']");
    var context = canvas.getContext("2d");
    var drawn = false;
    var drawing = false;
    pad.hidden = false;
    var fit = function () {
      var ratio = window.devicePixelRatio || 1;
      var width = canvas.clientWidth;
      var height = canvas.clientHeight;
      canvas.width = Math.round(width * ratio);
      canvas.height = Math.round(height * ratio);
      context.setTransform(ratio, 0, 0, ratio, 0, 0);
      context.fillStyle = "#ffffff";
      context.fillRect(0, 0, width, height);
      context.lineWidth = 2.5;
      context.lineCap = "round";
      context.lineJoin = "round";
      context.strokeStyle = "#1b1b1b";
      drawn = false;
    };
    var at = function (event) {
      var box = canvas.getBoundingClientRect();
      return { x: event.clientX - box.left, y: event.clientY - box.top };
    };
    canvas.addEventListener("pointerdown", function (event) {
      event.preventDefault();
      drawing = true;
      if (canvas.setPointerCapture) canvas.setPointerCapture(event.pointerId);
      var p = at(event);
      context.beginPath();
      context.moveTo(p.x, p.y);
      context.lineTo(p.x + 0.1, p.y + 0.1);
      context.stroke();
      drawn = true;
    });
    canvas.addEventListener("pointermove", function (event) {
      if (!drawing) return;
      event.preventDefault();
      var p = at(event);
      context.lineTo(p.x, p.y);
      context.stroke();
    });
    var stop = function () { drawing = false; };
    canvas.addEventListener("pointerup", stop);
    canvas.addEventListener("pointercancel", stop);
    canvas.addEventListener("pointerleave", stop);
    pad.querySelector(".signature-pad__clear").addEventListener("click", fit);
    form.addEventListener("submit", function () {
      var refused = form.querySelector("input[name='refused']");
      hidden.value = drawn && !(refused && refused.checked) ? canvas.toDataURL("image/png") : "";
    });
    fit();
  }
})();
