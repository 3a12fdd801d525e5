// The measures of tests/web/layout.py, run in the page: one function of [board selector, smallest text
// size, text selector] that returns {overlaps, outside, small, logInView, logWhy, width, height}.
([boardSelector, smallest, textSelector]) => {
  const CONTROLS = 'button, a[href], input:not([type="hidden"]), select, textarea, summary, '
    + '[role="button"], [tabindex]:not([tabindex="-1"])';
  const width = document.documentElement.clientWidth;
  const height = window.innerHeight;
  const scrollX = window.scrollX, scrollY = window.scrollY;
  // One computed style an element, for the whole measure (the page does not change meanwhile).
  const styles = new Map();
  const styleOf = (el) => {
    if (!styles.has(el)) styles.set(el, getComputedStyle(el));
    return styles.get(el);
  };

  function describe(el) {
    let text = "";
    if (el.id) text = `${el.localName}#${el.id}`;
    else if (el.hasAttribute("data-pick")) text = `[data-pick=${el.getAttribute("data-pick")}]`;
    else if (el.hasAttribute("data-action")) text = `${el.localName}[data-action=${el.getAttribute("data-action")}]`;
    else text = el.localName + (el.classList.length ? "." + [...el.classList].slice(0, 2).join(".") : "");
    const words = (el.getAttribute("aria-label") || el.textContent || el.value || "").replace(/\s+/g, " ").trim();
    return words ? `${text} "${words.slice(0, 40)}"` : text;
  }

  // Whether `el` or an ancestor is fixed to the window (or sticky), so that it moves with the window and
  // not with the page.
  function pinned(el) {
    for (let e = el; e && e !== document.body; e = e.parentElement) {
      const position = styleOf(e).position;
      if (position === "fixed" || position === "sticky") return e;
    }
    return null;
  }

  // The part of el's box that is shown: its box cut by every ancestor that clips (overflow other than
  // visible), in the window's coordinates; null where nothing of it shows.
  function shown(el) {
    const r = el.getBoundingClientRect();
    let box = { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
    for (let e = el.parentElement; e && e !== document.body && e !== document.documentElement; e = e.parentElement) {
      const style = styleOf(e);
      const clipsX = style.overflowX !== "visible", clipsY = style.overflowY !== "visible";
      if (!clipsX && !clipsY) continue;
      const c = e.getBoundingClientRect();
      if (clipsX) { box.left = Math.max(box.left, c.left); box.right = Math.min(box.right, c.right); }
      if (clipsY) { box.top = Math.max(box.top, c.top); box.bottom = Math.min(box.bottom, c.bottom); }
    }
    if (box.right - box.left < 1 || box.bottom - box.top < 1) return null;
    return box;
  }

  function visible(el) {
    if (!el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) return false;
    if (el.closest("[inert], dialog:not([open])")) return false;
    return styleOf(el).pointerEvents !== "none" || el.localName === "a";
  }

  const controls = [];
  for (const el of document.querySelectorAll(CONTROLS)) {
    if (!visible(el)) continue;
    const box = shown(el);
    if (!box) continue;
    const pin = pinned(el);
    const svg = el instanceof SVGElement;
    // In the page's coordinates for what scrolls with it; in the window's for what is pinned to it.
    const page = pin ? box : { left: box.left + scrollX, right: box.right + scrollX, top: box.top + scrollY, bottom: box.bottom + scrollY };
    controls.push({ el, box, page, pin, svg, name: describe(el) });
  }

  // ------------------------------------------------------------------ overlaps
  const SLACK = 2;
  const overlaps = [];
  const hit = (x, y) => (x >= 0 && y >= 0 && x < width && y < height ? document.elementFromPoint(x, y) : undefined);
  for (let i = 0; i < controls.length; i++) {
    const a = controls[i];
    for (let j = i + 1; j < controls.length; j++) {
      const b = controls[j];
      if (a.el.contains(b.el) || b.el.contains(a.el)) continue;
      if (Boolean(a.pin) !== Boolean(b.pin)) continue; // one moves over the other as the page scrolls
      const across = Math.min(a.page.right, b.page.right) - Math.max(a.page.left, b.page.left);
      const down = Math.min(a.page.bottom, b.page.bottom) - Math.max(a.page.top, b.page.top);
      if (across <= SLACK || down <= SLACK) continue;
      if (a.svg && b.svg) {
        // Shapes whose boxes meet may still not touch (hexagons side by side): is one drawn over the
        // other at its centre?
        const over = (p, q) => {
          const found = hit((p.box.left + p.box.right) / 2, (p.box.top + p.box.bottom) / 2);
          return Boolean(found) && q.el.contains(found) && !p.el.contains(found);
        };
        if (!over(a, b) && !over(b, a)) continue;
      }
      overlaps.push([a.name, b.name]);
    }
  }

  // A control in the window whose centre (where a click lands) is under something else of the page: a
  // label or a card drawn over it. What is pinned to the window covers the page as it scrolls, and the
  // page scrolls out from under it: that is no fault.
  for (const c of controls) {
    if (c.box.right - c.box.left < 4 || c.box.bottom - c.box.top < 4) continue; // a sliver at a scroll box's edge
    const x = (c.box.left + c.box.right) / 2, y = (c.box.top + c.box.bottom) / 2;
    const found = hit(x, y);
    if (!found || c.el.contains(found) || found.contains(c.el)) continue;
    if (!c.pin && pinned(found)) continue;
    if (controls.some((other) => other.el.contains(found))) continue; // a pair of controls: counted above
    overlaps.push([c.name, `${describe(found)} drawn over it`]);
  }

  // ------------------------------------------------------------------ outside the page
  const outside = [];
  const wider = document.documentElement.scrollWidth - width;
  if (wider > 1) outside.push(`the page is ${wider} px wider than the window (it scrolls sideways)`);
  for (const c of controls) {
    const r = c.page;
    if (r.left < -1 || r.right > width + 1) outside.push(`${c.name}: beyond the page's width (${Math.round(r.left)} to ${Math.round(r.right)} of ${width} px)`);
    else if (r.top < -1) outside.push(`${c.name}: above the page`);
    else if (c.pin && r.bottom > height + 1) outside.push(`${c.name}: below the window, in a bar fixed to it`);
  }
  // A bar fixed at the foot of the window: the page must be able to scroll its last control above it.
  const scrolling = document.scrollingElement;
  let bar = 0;
  for (const el of document.body.querySelectorAll("*")) {
    const style = styleOf(el);
    if (style.position !== "fixed" || !visible(el)) continue;
    const r = el.getBoundingClientRect();
    if (r.height > 0 && r.height < height / 2 && Math.abs(r.bottom - height) < 2) bar = Math.max(bar, r.height);
  }
  if (bar) {
    const end = scrolling.scrollHeight - bar;
    for (const c of controls) {
      if (!c.pin && c.page.bottom > end + 1) outside.push(`${c.name}: under the bar at the foot of the window, whatever the scroll`);
    }
  }

  // ------------------------------------------------------------------ small text
  const small = [];
  for (const root of document.querySelectorAll(textSelector || boardSelector)) {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    const seen = new Set();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.textContent.trim()) continue;
      const el = node.parentElement;
      if (!el || seen.has(el)) continue;
      seen.add(el);
      if (!el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue;
      if (el.closest("[aria-hidden='true'] title, title, desc, style, script")) continue;
      const rect = el.getBoundingClientRect();
      if (rect.width < 1 || rect.height < 1) continue;
      let size = parseFloat(styleOf(el).fontSize);
      if (el instanceof SVGGraphicsElement) {
        const m = el.getScreenCTM();
        if (m) size *= Math.hypot(m.a, m.b);
      } else if (el.offsetWidth > 0 && Math.abs(rect.width - el.offsetWidth) > 1) {
        size *= rect.width / el.offsetWidth; // a transform that scales the text (offsetWidth is rounded)
      }
      if (size < smallest - 0.05) small.push(`${describe(el)}: ${size.toFixed(1)} px`);
    }
  }

  // ------------------------------------------------------------------ the log's newest entry
  // With nothing in it yet, the log itself (its "nothing has happened yet") must be in view.
  let logInView = false, logWhy = "";
  const log = document.querySelector("#log");
  const newest = log ? log.lastElementChild || log : null;
  if (!log) logWhy = "there is no log (#log)";
  else if (!visible(newest)) logWhy = "the log is not shown";
  else {
    const r = newest.getBoundingClientRect();
    const box = shown(newest);
    const bottom = newest === log ? Math.min(r.bottom, r.top + 20) : r.bottom;
    if (!box || box.top > r.top + 1 || box.bottom < bottom - 1) logWhy = "the newest entry is scrolled out of the log's box, or cut by it";
    else if (r.top < -1 || bottom > height + 1) logWhy = `the newest entry is outside the window (${Math.round(r.top)} to ${Math.round(bottom)} of ${height} px)`;
    else {
      const x = Math.min(r.left + 8, (r.left + r.right) / 2);
      const covered = [r.top + 3, bottom - 3].map((y) => hit(x, y)).find((found) => !found || !newest.contains(found));
      if (covered !== undefined) logWhy = `the newest entry is covered by ${covered ? describe(covered) : "nothing drawn"}`;
      else logInView = true;
    }
  }
  return { overlaps, outside, small, logInView, logWhy, width, height };
}
