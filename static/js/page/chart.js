// The running totals' chart drawn again on the phone, with the rounds it counts that the server has not (queued, being sent).
import { el } from "./dom.js";
import { t } from "./i18n.js";

/* The same drawing as the server's (scorekeeper/web/charts.py polyline_chart, the running
   totals of match_sheet.chart_of, _macros.html line_chart): so the chart and the totals
   above it agree while rounds saved on this phone are counted, until the server's blocks
   replace it. The sizes are the server's. */
var WIDTH = 340, HEIGHT = 150, PAD = 8, VALUE_GUTTER = 34, STEP_GUTTER = 14, MAX_VALUE_TICKS = 6;
var SVG = "http://www.w3.org/2000/svg";

function valueScale(low, high) {
  var power = Math.floor(Math.log10(Math.max((high - low) / (MAX_VALUE_TICKS - 1), 1)));
  for (var exponent = power; ; exponent++) {
    for (var m = 0; m < 3; m++) {
      var step = [1, 2, 5][m] * Math.pow(10, exponent);
      var first = Math.floor(low / step + 1e-9), last = Math.ceil(high / step - 1e-9);
      if (last - first + 1 <= MAX_VALUE_TICKS) {
        var ticks = [];
        for (var multiple = first; multiple <= last; multiple++) ticks.push(Math.round(multiple * step));
        return ticks;
      }
    }
  }
}
function svgEl(tag, attributes) {
  var node = document.createElementNS(SVG, tag);
  Object.keys(attributes).forEach(function (name) { node.setAttribute(name, attributes[name]); });
  return node;
}
// Each side's running total after every round, from 0 before the first.
function runningTotals(rounds, sides) {
  var running = [], lines = [];
  for (var side = 0; side < sides; side++) { running.push(0); lines.push([[0, 0]]); }
  rounds.forEach(function (round, index) {
    round.scores.forEach(function (score, side) {
      running[side] += score;
      lines[side].push([index + 1, running[side]]);
    });
  });
  return lines;
}
function chartCard(progress, sides) {
  var card = el("section", "card");
  card.dataset.offline = "1";
  card.appendChild(el("h2", "", t("running_totals")));
  card.appendChild(svgEl("svg", { "class": "chart", viewBox: "0 0 " + WIDTH + " " + HEIGHT, role: "img" }));
  var legend = el("p", "legend");
  sides.forEach(function (side) {
    var name = el("span", "", side.name);
    name.style.setProperty("--side", side.colour);
    legend.appendChild(name);
  });
  card.appendChild(legend);
  progress.appendChild(card);
  return card.querySelector("svg");
}

export function renderChart(answer) {
  var progress = document.getElementById("progress");
  if (!progress || !answer.rounds.length) return;
  var sides = Array.prototype.map.call(document.querySelectorAll("#scores ol.totals li.total"), function (row) {
    var name = row.querySelector(".name");
    return { name: name ? name.textContent.trim() : "", colour: row.style.getPropertyValue("--side") };
  });
  if (!sides.length) return;
  var svg = progress.querySelector("svg.chart") || chartCard(progress, sides);
  var lines = runningTotals(answer.rounds, sides.length);
  var values = [].concat.apply([], lines.map(function (line) { return line.map(function (point) { return point[1]; }); }));
  var low = Math.min.apply(null, values), high = Math.max.apply(null, values);
  var ticks = valueScale(low, high === low ? low + 1 : high);
  var bottom = ticks[0], top = ticks[ticks.length - 1], right = answer.rounds.length;
  var plotLeft = PAD + VALUE_GUTTER, plotBottom = HEIGHT - PAD - STEP_GUTTER;
  function y(value) { return PAD + (plotBottom - PAD) * (top - value) / (top - bottom); }
  function x(step) { return plotLeft + (WIDTH - PAD - plotLeft) * step / right; }
  svg.textContent = "";
  svg.setAttribute("aria-label", t("chart_label", { low: low, high: high }));
  ticks.forEach(function (value) {
    if (value !== 0) svg.appendChild(svgEl("line", { x1: plotLeft, x2: WIDTH, y1: y(value).toFixed(1), y2: y(value).toFixed(1), "class": "grid" }));
  });
  if (bottom <= 0 && 0 <= top) svg.appendChild(svgEl("line", { x1: plotLeft, x2: WIDTH, y1: y(0).toFixed(1), y2: y(0).toFixed(1), "class": "zero" }));
  var scale = svg.appendChild(svgEl("g", { "class": "scale", "aria-hidden": "true" }));
  ticks.forEach(function (value) {
    scale.appendChild(svgEl("text", { x: plotLeft - 6, y: (y(value) + 4).toFixed(1), "text-anchor": "end" })).textContent = String(value);
  });
  [[0, "start"], [right, "end"]].forEach(function (step) {
    scale.appendChild(svgEl("text", { x: x(step[0]).toFixed(1), y: (HEIGHT - PAD / 2).toFixed(1), "text-anchor": step[1] })).textContent = String(step[0]);
  });
  lines.forEach(function (line, side) {
    var points = line.map(function (point) { return x(point[0]).toFixed(1) + "," + y(point[1]).toFixed(1); }).join(" ");
    var drawn = svgEl("polyline", { points: points, fill: "none", stroke: sides[side].colour, "stroke-width": 3, "stroke-linejoin": "round", "stroke-linecap": "round" });
    drawn.appendChild(svgEl("title", {})).textContent = sides[side].name;
    svg.appendChild(drawn);
  });
}
