// hog's policy page: the maps, the views and the hover tooltip. The data
// (see src/ops/page/mod.rs) is the JSON in #hog-data; its arrays are one zlib
// stream, each array byte plane by byte plane, the most significant first.
// A chance is kept as round(Q * 1e12): the 12 decimals `hog explain` prints.
"use strict";

const UNIT = 1e12;
const UNREACHED = 2 ** 40 - 1;

// The element `tag` with attributes and children (text or elements).
function element(tag, attributes = {}, ...children) {
  const svg = ["svg", "rect", "line", "text"].includes(tag);
  const e = svg
    ? document.createElementNS("http://www.w3.org/2000/svg", tag)
    : document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    e.setAttribute(name, value);
  }
  for (const child of children) {
    e.append(child);
  }
  return e;
}

// The arrays of the data, inflated.
async function inflate(data) {
  const packed = Uint8Array.from(atob(data.blob), (c) => c.charCodeAt(0));
  const stream = new Blob([packed]).stream().pipeThrough(new DecompressionStream("deflate"));
  const raw = new Uint8Array(await new Response(stream).arrayBuffer());
  const arrays = {};
  for (const [name, [offset, width, count]] of Object.entries(data.arrays)) {
    const values = new Float64Array(count);
    for (let plane = 0; plane < width; plane++) {
      const start = offset + plane * count;
      for (let i = 0; i < count; i++) {
        values[i] = values[i] * 256 + raw[start + i];
      }
    }
    arrays[name] = values;
  }
  return arrays;
}

// A count of 1e-12 units as 12 decimals, exactly (no rounding on the way).
function decimals(units) {
  const digits = String(Math.round(units)).padStart(13, "0");
  return digits.slice(0, -12) + "." + digits.slice(-12);
}

function gcd(a, b) {
  while (b) [a, b] = [b, a % b];
  return a;
}

// What a page shows at a cell in a view, from the data.
class Policy {
  constructor(data, arrays) {
    Object.assign(this, { data, arrays });
    this.goal = data.goal;
    this.actions = data.actions;
  }

  // The sides slice of view v, or null for the mix.
  slice(v) {
    return this.data.blind ? (v === 0 ? null : v - 1) : v;
  }

  // The reach shares of the cell's sides values (null: no game reaches it).
  shares(cell) {
    if (this.arrays.share0[cell] === UNREACHED) return null;
    return this.data.sides.map((_, h) => this.arrays["share" + h][cell] / UNIT);
  }

  // Each action's chance in units of 1e-12: a slice's, or the mix Σ_h share_h Q_h.
  chances(v, cell) {
    const a = this.actions.length;
    const h = this.slice(v);
    const q = (k) => this.arrays["q" + k].subarray(cell * a, cell * a + a);
    if (h !== null) return Array.from(q(h));
    const shares = this.shares(cell);
    if (shares === null) return Array.from(q(0));
    return this.actions.map((_, i) => shares.reduce((sum, s, k) => sum + s * q(k)[i], 0));
  }

  action(name, v, cell) {
    const code = this.arrays[name + v][cell];
    return code === 0 ? null : (code & 0x7f) - 2;
  }

  tie(v, cell) {
    return (this.arrays["best" + v][cell] & 0x80) !== 0;
  }

  // The chance to win of the strategy's own action, in [0, 1].
  win(v, cell) {
    const plays = this.action("plays", v, cell);
    return this.chances(v, cell)[this.actions.indexOf(plays)] / UNIT;
  }

  // P(win | strategy moves) - P(win | other moves) in a sides slice; null where they agree.
  sliceDiff(h, cell) {
    const plays = this.action("plays", this.data.blind ? h + 1 : h, cell);
    if (this.arrays["oplays" + h][cell] - 2 === plays) return null;
    const ours = this.arrays["q" + h][cell * this.actions.length + this.actions.indexOf(plays)];
    return (ours - this.arrays["owin" + h][cell]) / UNIT;
  }

  // The difference in view v: a slice's, or the mix of the slices' by reach.
  diff(v, cell) {
    const h = this.slice(v);
    if (h !== null) return this.sliceDiff(h, cell);
    const shares = this.shares(cell);
    if (shares === null) return this.sliceDiff(0, cell);
    const each = shares.map((_, k) => this.sliceDiff(k, cell));
    if (each.every((d) => d === null)) return null;
    return each.reduce((sum, d, k) => sum + shares[k] * (d ?? 0), 0);
  }

  // The cost map's grid of view v: the one grid, or the view's sides.
  costGrid(v) {
    return this.data.cost.grids === 1 ? 0 : this.slice(v);
  }

  // The cell's best other answer and its gain in units of 1e-12 (the
  // estimate of the map), or null where no other answer gains.
  cost(v, cell) {
    const g = this.costGrid(v);
    const code = this.arrays["better" + g][cell];
    return code === 0 ? null : { best: code - 2, units: this.arrays["gain" + g][cell] };
  }

  // The costliest decisions in view v's grid, with their rank (from 1).
  costliest(v) {
    const g = this.costGrid(v);
    return this.data.cost.costliest.map((c, k) => ({ ...c, rank: k + 1 })).filter((c) => c.grid === g);
  }

  // The sides whose turn the tooltip shows: the view's, or in the mix the
  // most reached (six-sided dice where no game reaches the cell).
  turnSlice(v, cell) {
    const h = this.slice(v);
    if (h !== null) return h;
    const shares = this.shares(cell) ?? [1];
    return shares.indexOf(Math.max(...shares));
  }
}

// The lines of the tooltip at (score, opponent_score) in view v.
function explain(policy, v, score, opponent) {
  const { data, actions } = policy;
  const cell = score * policy.goal + opponent;
  const view = data.views[v];
  const plays = policy.action("plays", v, cell);
  const best = policy.action("best", v, cell);
  const runner = policy.action("runner", v, cell);
  const chances = policy.chances(v, cell);
  const mix = policy.slice(v) === null;
  const shares = mix ? policy.shares(cell) : null;
  const head = [`score ${score}, opponent_score ${opponent}${view.label ? ": " + view.label : ""}`];
  if (mix && shares) {
    const parts = data.sides.map((s, h) => `sides ${s}: ${shares[h].toFixed(6)}`);
    head.push(`reach shares ${parts.join(", ")}`);
  } else if (mix) {
    head.push(`no game reaches this cell with ${data.strategy} to move: the chances with six-sided dice`);
  }
  head.push(
    plays === best
      ? `plays ${plays}, the best`
      : `plays ${plays}; the best here is ${best}`,
  );
  head.push(costLine(policy, v, score, opponent));
  // A slice's chances are hog explain's, rounded to 12 decimals; the mix is
  // summed here from them, within 1e-12 of hog explain's: 11 decimals.
  const format = (units) => (mix ? (units / UNIT).toFixed(11) + " " : decimals(units));
  let header = "num_rolls  chance to win ";
  if (mix) header += data.sides.map((s) => `  sides ${s}`.padEnd(16)).join("");
  const rows = [header.trimEnd()];
  actions.forEach((a, i) => {
    let row = String(a).padStart(9) + "  " + format(chances[i]);
    if (mix) {
      for (let h = 0; h < data.sides.length; h++) {
        row += "  " + decimals(policy.arrays["q" + h][cell * actions.length + i]);
      }
    }
    const marks = [a === plays ? "plays" : null, a === best ? "best" : null].filter(Boolean);
    rows.push(row + (marks.length ? "  <- " + marks.join(", ") : ""));
  });
  const at = (a) => chances[actions.indexOf(a)];
  let margin;
  if (runner === null) margin = "the only action";
  else if (policy.tie(v, cell)) margin = `margin 0: a tie with ${runner}`;
  // From the rounded chances, so within 1e-12 of hog explain's: 11 decimals.
  else margin = `margin ${((at(best) - at(runner)) / UNIT).toFixed(11)} to the runner-up, ${runner}`;
  rows.push(margin);
  const h = policy.turnSlice(v, cell);
  const [total, flat] = data.turns[policy.arrays["turn" + h][cell]];
  const outcomes = [];
  for (let i = 0; i < flat.length; i += 2) {
    const g = gcd(flat[i + 1], total);
    outcomes.push({ points: flat[i], p: flat[i + 1] / total, text: `${flat[i + 1] / g}/${total / g}` });
  }
  const turn = [`the turn of ${plays} with ${data.sides[h]}-sided dice (points: chance)`];
  turn.push(outcomes.map((o) => `${o.points}: ${o.text}`).join("  "));
  return { head, rows, turn, outcomes };
}

// What the cell's answer costs: its best other answer and the rise of the
// win rate if the cell alone took it (a costliest decision's graded again).
function costLine(policy, v, score, opponent) {
  const { cost } = policy.data;
  const over = policy.data.blind ? " (every sides value)" : "";
  const top = policy.costliest(v).find((c) => c.score === score && c.opponent_score === opponent);
  if (top) {
    return `changed alone${over}: answering ${top.best} here gains ${top.gain_text}, the costliest decision #${top.rank} (graded again)`;
  }
  const found = policy.cost(v, score * policy.goal + opponent);
  const estimate = cost.estimated ? " (a first-order estimate)" : "";
  if (found === null) return `changed alone${over}: no other answer here raises the win rate${estimate}`;
  return `changed alone${over}: answering ${found.best} here gains ${decimals(found.units)}${estimate}`;
}

// The costliest decisions beside the cost map, worded as hog grade words them.
function costList(policy, v) {
  const { cost } = policy.data;
  const list = element("div", { class: "costliest" }, element("p", {}, cost.note + "."));
  list.append(element("div", { class: "title" }, "the costliest decisions"));
  if (cost.none !== null) {
    list.append(element("p", {}, cost.none));
    return list;
  }
  list.append(element("p", {}, "the cells where another answer wins more; a gain is the exact rise of the win rate when that cell alone takes it:"));
  const items = element("ol", {});
  for (const c of cost.costliest) {
    const hidden = c.hidden === null ? "" : `, ${c.hidden}`;
    const text = `score ${c.score}, opponent_score ${c.opponent_score}${hidden}: num_rolls ${c.num_rolls}, where ${c.best} gains ${c.gain_text}`;
    const shown = policy.costGrid(v) === c.grid;
    items.append(element("li", shown ? {} : { class: "elsewhere" }, text));
  }
  list.append(items);
  return list;
}

// A bar chart of a turn's points.
function turnChart(outcomes) {
  const width = 320, height = 60;
  const most = Math.max(...outcomes.map((o) => o.points), 1);
  const top = Math.max(...outcomes.map((o) => o.p));
  const svg = element("svg", { width, height: height + 14, "aria-hidden": "true" });
  for (const o of outcomes) {
    const x = 4 + (o.points / most) * (width - 12);
    const h = (o.p / top) * height;
    svg.append(element("rect", { x, y: height - h, width: 3, height: h, class: "bar" }));
  }
  svg.append(element("text", { x: 0, y: height + 12 }, "0"));
  svg.append(element("text", { x: width - 24, y: height + 12 }, String(most)));
  return svg;
}

// One map: a canvas of goal x goal cells (score 0 at the bottom).
function drawMap(canvas, goal, colour) {
  canvas.width = goal;
  canvas.height = goal;
  const context = canvas.getContext("2d");
  for (let s = 0; s < goal; s++) {
    for (let o = 0; o < goal; o++) {
      context.fillStyle = colour(s * goal + o);
      context.fillRect(o, goal - 1 - s, 1, 1);
    }
  }
}

// The axes' ticks: every step from 0, and the last score, goal - 1 (99 at
// goal 100), in place of a step's tick less than half a step below it.
function ticks(goal) {
  const step = goal <= 20 ? 5 : goal <= 60 ? 10 : goal <= 150 ? 20 : 50;
  const list = [];
  for (let t = 0; t < goal - 1 - step / 2; t += step) list.push(t);
  list.push(goal - 1);
  return list;
}

function mapFigure(id, caption, goal) {
  const canvas = element("canvas", { class: "map", id: id + "-canvas", role: "img", "aria-label": caption });
  const frame = element("div", { class: "frame" }, canvas);
  for (const t of ticks(goal)) {
    const at = ((t + 0.5) / goal) * 100;
    frame.append(element("span", { class: "xtick", style: `left:${at}%` }, String(t)));
    frame.append(element("span", { class: "ytick", style: `bottom:${at}%` }, String(t)));
  }
  frame.append(element("div", { class: "mark", hidden: "" }));
  const figure = element(
    "figure", { id },
    element("figcaption", {}, caption),
    element("div", { class: "ylabel" }, "score (player to move)"),
    frame,
    element("div", { class: "xlabel" }, "opponent_score"),
    element("div", { class: "legend" }),
  );
  return { figure, canvas };
}

function colourBar(colours, min, max, label, extra, format = (v) => Number(v.toFixed(6)).toString()) {
  const bar = element("div", { class: "bar-legend" }, element("div", {}, label));
  const gradient = `linear-gradient(to top, ${colours.join(", ")})`;
  const scale = element("div", { class: "scale" });
  for (let k = 0; k <= 4; k++) {
    const v = max - (k / 4) * (max - min);
    const text = format(v);
    scale.append(element("span", { style: `top:${k * 25}%` }, min < 0 && v > 0 ? "+" + text : text));
  }
  bar.append(element("div", { class: "ramp-row" }, element("div", { class: "ramp", style: `background:${gradient}` }), scale));
  if (extra) bar.append(extra);
  return bar;
}

function build(data, arrays) {
  const policy = new Policy(data, arrays);
  const goal = data.goal;
  const header = element("header", {}, element("h1", {}, `${data.rules}, goal ${goal}: ${data.strategy}`));
  const figures = element("dl", { class: "figures" });
  const add = (name, value) => figures.append(element("dt", {}, name), element("dd", {}, value));
  add("rules", data.rules);
  add("goal", String(goal));
  add("strategy", data.strategy + (data.blind ? " (sees only the two scores)" : ""));
  add("opponent", data.against);
  add("win rate", `${data.win_rate_text} (exact, the mean of the two seatings)`);
  add("best", `${data.best} (the best response to ${data.against})`);
  if (data.target !== null) add("target", data.target);
  if (data.verdict !== null) add("warning", data.verdict);
  if (data.bound !== null) {
    add("bound", `${data.bound}: the best response that sees the dice sides; no strategy of the two scores wins more`);
  }
  header.append(figures);
  header.append(element("p", {}, `Hover or tap a cell: each action's exact chance to win there when ${data.strategy} plays on after it against ${data.against}, as hog explain --strategy computes it.`));
  document.body.append(header);

  const nav = element("fieldset", { class: "views" }, element("legend", {}, "hidden state"));
  data.views.forEach((view, v) => {
    const input = element("input", { type: "radio", name: "view", value: String(v), id: "view-" + view.name });
    if (v === 0) input.checked = true;
    nav.append(element("label", {}, input, " " + view.label));
  });
  if (data.views.length > 1) document.body.append(nav);

  const actionMap = mapFigure("action-map", "num_rolls chosen by the player to move", goal);
  const second = data.other === null
    ? mapFigure("win-map", `P(player to move wins) against ${data.against}`, goal)
    : mapFigure("diff-map", `P(win | ${data.strategy} moves) − P(win | ${data.other} moves), where their num_rolls differ`, goal);
  const swatches = actionMap.figure.querySelector(".legend");
  swatches.append(element("div", {}, "num_rolls"));
  data.actions.forEach((a, i) => {
    const label = a === -1 ? "-1 (Pork Chop)" : a === 1 ? "1 die" : `${a} dice`;
    swatches.append(element("div", { class: "swatch" }, element("span", { style: `background:${data.action_colours[i]}` }), label));
  });
  const legend = second.figure.querySelector(".legend");
  if (data.other === null) {
    legend.append(colourBar(data.viridis, 0, 1, "P(win)"));
  } else {
    const same = element("div", { class: "swatch" }, element("span", { style: `background:${data.agree}` }), "same num_rolls");
    legend.append(colourBar(data.red_blue, -data.diff_scale, data.diff_scale, "difference", same));
  }
  const costMap = mapFigure("cost-map", "What each decision costs: the gain of the best other answer", goal);
  const noGain = element("div", { class: "swatch" }, element("span", { style: `background:${data.agree}` }), "no other answer gains");
  costMap.figure.querySelector(".legend").append(
    colourBar(data.viridis, 0, data.cost.scale, "gain", noGain, (v) => Number(v.toPrecision(3)).toString()),
  );
  const costSection = element("section", { class: "cost" }, costMap.figure);
  const maps = element("main", {}, actionMap.figure, second.figure, costSection);
  document.body.append(maps);
  const boxed = [actionMap.figure, second.figure, costSection];
  const canvases = [actionMap.canvas, second.canvas, costMap.canvas];
  const tip = element("div", { id: "tip", role: "tooltip", hidden: "" });
  document.body.append(tip);

  let view = 0;
  const draw = () => {
    drawMap(actionMap.canvas, goal, (cell) => data.action_colours[data.actions.indexOf(policy.action("plays", view, cell))]);
    const index = (t) => Math.round(Math.min(Math.max(t, 0), 1) * 255);
    drawMap(second.canvas, goal, data.other === null
      ? (cell) => data.viridis[index(policy.win(view, cell))]
      : (cell) => {
        const d = policy.diff(view, cell);
        return d === null ? data.agree : data.red_blue[index((d / (data.diff_scale || 1) + 1) / 2)];
      });
    drawMap(costMap.canvas, goal, (cell) => {
      const c = policy.cost(view, cell);
      return c === null ? data.agree : data.viridis[index(c.units / UNIT / (data.cost.scale || 1))];
    });
    // The costliest decisions outlined on the map, and listed beside it.
    const frame = costMap.canvas.parentElement;
    frame.querySelectorAll(".top").forEach((e) => e.remove());
    for (const c of policy.costliest(view)) {
      frame.append(element("div", {
        class: "top",
        title: `#${c.rank}`,
        style: `left:${(c.opponent_score / goal) * 100}%;top:${((goal - 1 - c.score) / goal) * 100}%;width:${100 / goal}%;height:${100 / goal}%`,
      }, element("span", {}, String(c.rank))));
    }
    costSection.querySelector(".costliest")?.remove();
    costSection.append(costList(policy, view));
  };
  nav.addEventListener("change", (event) => {
    view = Number(event.target.value);
    draw();
    tip.hidden = true;
  });
  draw();

  // The cell under a pointer, and the tooltip beside it.
  const show = (event) => {
    const rect = event.currentTarget.getBoundingClientRect();
    const o = Math.floor(((event.clientX - rect.left) / rect.width) * goal);
    const s = goal - 1 - Math.floor(((event.clientY - rect.top) / rect.height) * goal);
    if (o < 0 || o >= goal || s < 0 || s >= goal) return;
    const { head, rows, turn, outcomes } = explain(policy, view, s, o);
    tip.replaceChildren(
      element("pre", { class: "head" }, head.join("\n")),
      element("pre", { class: "chances" }, rows.join("\n")),
      element("pre", { class: "turn" }, turn.join("\n")),
      turnChart(outcomes),
    );
    tip.hidden = false;
    tip.dataset.cell = `${s},${o},${data.views[view].name}`;
    // Beside the maps where the window has room on their right, else below
    // them: never over either map.
    const boxes = boxed.map((f) => f.getBoundingClientRect());
    const right = Math.max(...boxes.map((b) => b.right)) + 16;
    const beside = right + tip.offsetWidth + 8 <= window.innerWidth;
    const x = beside ? right : Math.min(...boxes.map((b) => b.left));
    const y = beside
      ? Math.min(event.clientY + 16, window.innerHeight - tip.offsetHeight - 8)
      : Math.max(...boxes.map((b) => b.bottom)) + 8;
    tip.style.left = `${Math.max(x, 0) + window.scrollX}px`;
    tip.style.top = `${Math.max(y, 0) + window.scrollY}px`;
    for (const canvas of canvases) {
      const mark = canvas.parentElement.querySelector(".mark");
      mark.hidden = false;
      mark.style.left = `${(o / goal) * 100}%`;
      mark.style.top = `${((goal - 1 - s) / goal) * 100}%`;
      mark.style.width = mark.style.height = `${100 / goal}%`;
    }
  };
  for (const canvas of canvases) {
    canvas.addEventListener("pointermove", show);
    canvas.addEventListener("pointerdown", show);
    canvas.addEventListener("pointerleave", (event) => {
      if (event.pointerType === "mouse") tip.hidden = true;
    });
  }
  return { canvases, selectView: (v) => { view = v; nav.querySelector(`input[value="${v}"]`)?.click(); draw(); } };
}

// #hover=S,O,VIEW;...: hover each cell (a pointer event at its centre) and
// copy the tooltip's text into #probes, for tests; #show=S,O,VIEW only
// hovers (a link to a cell, the guide's screenshot).
function probe(data, page) {
  const match = /(hover|show)=([^&]*)/.exec(location.hash);
  // #show hovers the second map, leaving the action map and its legend in view.
  const canvas = page.canvases[match && match[1] === "show" ? 1 : 0];
  if (!match) return;
  const probes = element("section", { id: "probes" });
  if (match[1] === "hover") document.body.append(probes);
  for (const item of decodeURIComponent(match[2]).split(";").filter(Boolean)) {
    const [s, o, name] = item.split(",");
    const v = Math.max(0, data.views.findIndex((view) => view.name === (name ?? data.views[0].name)));
    page.selectView(v);
    const rect = canvas.getBoundingClientRect();
    const goal = data.goal;
    const clientX = rect.left + ((Number(o) + 0.5) / goal) * rect.width;
    const clientY = rect.top + ((goal - Number(s) - 0.5) / goal) * rect.height;
    canvas.dispatchEvent(new PointerEvent("pointermove", { clientX, clientY, bubbles: true }));
    const tip = document.getElementById("tip");
    const text = Array.from(tip.querySelectorAll("pre"), (pre) => pre.textContent).join("\n");
    // The maps the tooltip covers, by their canvas's id.
    const box = tip.getBoundingClientRect();
    const covers = page.canvases.filter((c) => {
      const r = c.getBoundingClientRect();
      return box.left < r.right && r.left < box.right && box.top < r.bottom && r.top < box.bottom;
    }).map((c) => c.id).join(" ");
    probes.append(element("pre", { class: "probe", "data-hover": item, "data-cell": tip.dataset.cell ?? "", "data-covers": covers }, text));
  }
}

(async () => {
  const data = JSON.parse(document.getElementById("hog-data").textContent);
  try {
    const page = build(data, await inflate(data));
    probe(data, page);
    document.body.dataset.ready = "yes";
  } catch (error) {
    document.body.append(element("p", { class: "error" }, `This page could not be drawn: ${error}`));
    document.body.dataset.ready = "error";
  }
})();
