// pnp serve's page: what /api/game/<game> says, drawn; redrawn on every `update` the event stream
// sends for this game, without reloading: a picture whose file changed gets its new address, is
// loaded aside and then swapped in, so nothing flickers. Sizes follow the screen's calibration.
"use strict";

const SLUG = decodeURIComponent(location.pathname.split("/")[2] || "");
const DPIS = [48, 72, 96, 144, 192, 288];
const ZOOMS = [0.25, 0.33, 0.5, 0.67, 0.75, 1, 1.25, 1.5, 2, 3, 4];
const CSS_PX_PER_MM = 96 / 25.4; // what a browser calls a millimetre before calibration
const stored = (key, fallback) => localStorage.getItem(`pnp-serve:${key}`) ?? fallback;
const store = (key, value) => localStorage.setItem(`pnp-serve:${key}`, String(value));
const $ = (id) => document.getElementById(id);

const state = {
  view: null,
  language: stored(`language:${SLUG}`, null),
  paper: stored("paper", null),
  zoom: Number(stored("zoom", 0.5)),
  pxPerMm: Number(stored("px-per-mm", CSS_PX_PER_MM)),
};
// Every node drawn is kept by a key and drawn again in place: a picture moved in the page keeps its
// image, and the web edition's frame is never re-inserted (which would load it again).
const nodes = new Map();
const kept = (key, make) => nodes.get(key) ?? nodes.set(key, make()).get(key);

function element(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value !== null && value !== undefined && value !== false) node.setAttribute(name, value === true ? "" : value);
  }
  node.append(...children);
  return node;
}

// --- what the server says ------------------------------------------------------------------

let loading = null;
let again = false;

function refresh() {
  if (loading) {
    again = true;
    return loading;
  }
  loading = fetch(`/api/game/${encodeURIComponent(SLUG)}`, {cache: "no-store"})
    .then((answer) => answer.ok ? answer.json() : Promise.reject(new Error(`${answer.status}`)))
    .then((view) => { state.view = view; draw(); })
    .catch(() => say("Cannot reach pnp serve; trying again…"))
    .finally(() => {
      loading = null;
      if (again) { again = false; refresh(); }
    });
  return loading;
}

function listen() {
  const events = new EventSource("/events");
  events.addEventListener("update", (event) => {
    if (JSON.parse(event.data).games.includes(SLUG)) refresh();
  });
  events.addEventListener("open", () => refresh()); // after a reconnection too: what changed meanwhile
  events.addEventListener("error", () => say("Lost pnp serve; trying again…"));
}

// --- drawing -------------------------------------------------------------------------------

function draw() {
  const view = state.view;
  document.title = `${view.title} – pnp serve`;
  $("title").textContent = view.title;
  if (view.calibration && !localStorage.getItem("pnp-serve:px-per-mm")) state.pxPerMm = view.calibration;
  drawGames(view);
  state.language = choose($("language"), view.languages, state.language, (code) => code);
  state.paper = choose($("paper"), view.papers, state.paper, (paper) => paper === "a4" ? "A4" : "US Letter");
  drawStatus(view);
  drawZoom();
  const sections = view.sections.map((section) => drawSection(section, view)).filter(Boolean);
  place($("pictures"), sections);
  place($("sections"), sections.map((node) => kept(`link ${node.id}`,
    () => element("a", {href: `#${node.id}`}, node.querySelector("h2").textContent))));
}

function place(parent, children) {
  const current = [...parent.children];
  if (current.length !== children.length || current.some((child, index) => child !== children[index])) {
    parent.replaceChildren(...children);
  }
}

function drawGames(view) {
  const nav = $("games");
  nav.hidden = view.games.length < 2;
  nav.replaceChildren(...view.games.map((slug) => element("a",
    {href: `/game/${encodeURIComponent(slug)}/`, "aria-current": slug === SLUG ? "page" : null}, slug)));
}

function choose(select, values, wanted, name) {
  const chosen = values.includes(wanted) ? wanted : (values[0] ?? null);
  select.replaceChildren(...values.map((value) => element("option", {value, selected: value === chosen}, name(value))));
  select.disabled = values.length < 2;
  return chosen;
}

function drawStatus(view) {
  if (view.building) say(`Building ${view.building}…`);
  else if (view.error) say(`Stopped at an error in ${view.error.pass}: see below.`);
  else if (view.built_at) say(`Up to date: built at ${new Date(view.built_at * 1000).toLocaleTimeString()}.`);
  else say("Showing what was built before; building…");
}

function say(text) {
  if ($("status").textContent !== text) $("status").textContent = text;
}

function shown(item) {
  return (item.languages.length === 0 || item.languages.includes(state.language))
    && (item.paper === null || item.paper === state.paper);
}

function drawSection(section, view) {
  const items = section.items.filter(shown);
  const failed = view.error && section.step >= view.error.step;
  if (!items.length && !failed) return null;
  const node = kept(`section ${section.id}`, () => element("section",
    {id: `section-${section.id}`, "aria-labelledby": `heading-${section.id}`},
    element("h2", {id: `heading-${section.id}`}, section.title), element("div")));
  const body = node.lastElementChild;
  if (failed) {
    place(body, [errorBox(view, section)]);
  } else if (section.id === "web") {
    place(body, items.map(webEdition));
  } else if (section.id === "files") {
    const details = kept("files", () => element("details", {}, element("summary"), element("ul", {class: "files"})));
    details.firstElementChild.textContent = `${items.length} more files`;
    place(details.lastElementChild, items.map((item) => kept(`file ${item.file}`,
      () => element("li", {}, element("a", {href: `/out/${item.file}`}, item.file)))));
    place(body, [details]);
  } else {
    place(body, groups(items).map(([group, members]) => drawGroup(section, group, members)));
  }
  return node;
}

function errorBox(view, section) {
  // The error in full in the first section it stops, a note in the others; kept while it is the
  // same error, so a screen reader announces it once.
  const first = view.sections.find((s) => s.step >= view.error.step && s.items.some(shown)) || section;
  if (first.id !== section.id) {
    return kept(`not built ${section.id} ${first.title}`,
      () => element("p", {class: "not-built"}, `Not rebuilt: see the error under ${first.title}.`));
  }
  return kept(`error ${section.id} ${view.error.pass} ${view.error.message}`, () => element("div",
    {class: "error", role: "alert"}, element("p", {}, `pnp could not build ${view.error.pass}:`),
    element("pre", {}, view.error.message)));
}

function groups(items) {
  const found = new Map();
  for (const item of items) {
    if (!found.has(item.group)) found.set(item.group, []);
    found.get(item.group).push(item);
  }
  return [...found.entries()];
}

function drawGroup(section, group, items) {
  const node = kept(`group ${section.id} ${group}`, () => group
    ? element("div", {class: "group"}, element("h3", {}, group), element("ul", {class: "pictures"}))
    : element("ul", {class: "pictures"}));
  place(node.tagName === "UL" ? node : node.lastElementChild, items.map(picture));
  return node;
}

function picture(item) {
  const node = kept(`picture ${item.key}`, () => {
    const name = item.group ? `${item.group}: ${item.label}` : item.label;
    const image = element("img", {alt: name, decoding: "async", loading: "lazy"});
    return element("li", {"data-key": item.key},
      element("figure", {}, element("a", {href: `/out/${item.file}#page=${item.page + 1}`}, image),
        element("figcaption")));
  });
  const image = node.querySelector("img");
  const width = item.width_mm * state.pxPerMm * state.zoom;
  image.style.width = `${width}px`;
  image.style.height = `${item.height_mm * state.pxPerMm * state.zoom}px`;
  node.querySelector("figcaption").textContent =
    `${item.label} (${item.width_mm} × ${item.height_mm} mm)${item.stale ? ", out of date" : ""}`;
  swap(image, `/picture/${resolution()}/${item.page}/${item.file.split("/").map(encodeURIComponent).join("/")}`
    + `?v=${item.version}`, item.version);
  return node;
}

function swap(image, source, version) {
  if (image.dataset.wanted === source) return;
  image.dataset.wanted = source;
  if (!image.getAttribute("src")) {
    image.src = source;
    image.dataset.version = version;
    return;
  }
  const next = new Image(); // loaded aside, then shown: the old picture stays until the new one is there
  next.onload = () => {
    if (image.dataset.wanted !== source) return;
    image.src = source;
    image.dataset.version = version;
  };
  next.src = source;
}

function webEdition(item) {
  const node = kept(`web ${item.file}`, () => element("div", {class: "web"},
    element("iframe", {title: `Web edition: ${item.label}`, loading: "lazy"}),
    element("p", {}, element("a", {href: `/out/${item.file}`, target: "_blank"}, `Open ${item.label} on its own`))));
  const frame = node.querySelector("iframe");
  const source = `/out/${item.file}?v=${item.version}`;
  if (frame.getAttribute("src") !== source) frame.setAttribute("src", source);
  return node;
}

function resolution() {
  const needed = state.pxPerMm * 25.4 * state.zoom * (window.devicePixelRatio || 1);
  return DPIS.find((dpi) => dpi >= needed) ?? DPIS[DPIS.length - 1];
}

// --- size on screen ------------------------------------------------------------------------

function drawZoom() {
  $("zoom").textContent = `${Math.round(state.zoom * 100)} %`;
  $("true-size").setAttribute("aria-pressed", String(state.zoom === 1));
  $("smaller").disabled = state.zoom <= ZOOMS[0];
  $("larger").disabled = state.zoom >= ZOOMS[ZOOMS.length - 1];
}

function zoomTo(zoom) {
  state.zoom = zoom;
  store("zoom", zoom);
  if (state.view) draw();
}

function step(direction) {
  const index = ZOOMS.findIndex((zoom) => zoom >= state.zoom - 1e-9);
  const next = ZOOMS[Math.min(ZOOMS.length - 1, Math.max(0, (index < 0 ? ZOOMS.length - 1 : index) + direction))];
  zoomTo(next);
}

function calibrate() {
  const dialog = $("calibration");
  const before = state.pxPerMm;
  const show = (value) => {
    state.pxPerMm = value;
    $("px-per-mm").value = value.toFixed(2);
    $("px-per-mm-number").value = value.toFixed(2);
    const shape = $("card-shape");
    shape.style.width = `${85.6 * value}px`;
    shape.style.height = `${53.98 * value}px`;
    drawRuler(value);
  };
  show(before);
  $("px-per-mm").oninput = (event) => show(Number(event.target.value));
  $("px-per-mm-number").onchange = (event) => show(Math.min(12, Math.max(1.5, Number(event.target.value) || before)));
  $("calibration-reset").onclick = () => show(CSS_PX_PER_MM);
  dialog.onclose = () => {
    if (dialog.returnValue !== "save") {
      state.pxPerMm = before;
      return;
    }
    store("px-per-mm", state.pxPerMm);
    fetch("/calibration", {method: "POST", headers: {"Content-Type": "application/json"},
      body: JSON.stringify({px_per_mm: state.pxPerMm})});
    if (state.view) draw();
  };
  dialog.returnValue = "";
  dialog.showModal();
}

function drawRuler(pxPerMm) {
  const ruler = $("ruler");
  const width = 100 * pxPerMm;
  ruler.setAttribute("width", String(Math.ceil(width + 2)));
  const ticks = [];
  for (let mm = 0; mm <= 100; mm += 1) {
    const x = 1 + mm * pxPerMm;
    const length = mm % 10 === 0 ? 16 : mm % 5 === 0 ? 11 : 6;
    ticks.push(`<line x1="${x}" x2="${x}" y1="0" y2="${length}"/>`);
    if (mm % 10 === 0) ticks.push(`<text x="${x}" y="30">${mm / 10}</text>`);
  }
  ruler.innerHTML = `<g>${ticks.join("")}</g>`;
}

// --- start ---------------------------------------------------------------------------------

document.addEventListener("DOMContentLoaded", () => {
  $("language").addEventListener("change", (event) => {
    state.language = event.target.value;
    store(`language:${SLUG}`, state.language);
    draw();
  });
  $("paper").addEventListener("change", (event) => {
    state.paper = event.target.value;
    store("paper", state.paper);
    draw();
  });
  $("smaller").addEventListener("click", () => step(-1));
  $("larger").addEventListener("click", () => step(+1));
  $("true-size").addEventListener("click", () => zoomTo(state.zoom === 1 ? 0.5 : 1));
  $("calibrate").addEventListener("click", calibrate);
  document.addEventListener("keydown", (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey || event.target.closest("input, select, textarea, dialog")) return;
    if (event.key === "+" || event.key === "=") step(+1);
    else if (event.key === "-") step(-1);
    else if (event.key === "t") zoomTo(state.zoom === 1 ? 0.5 : 1);
  });
  drawZoom();
  refresh();
  listen();
});
