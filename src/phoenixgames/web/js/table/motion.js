// A change of the board, shown as a movement rather than a jump: each piece a board draws carries
// data-piece="<id>" (the same id from one drawing to the next), each counter data-count="<number>".
// Before a drawing the page measures where every piece is; after it, a piece that moved slides from its
// old place to its new one, a piece that came into sight fades in, a piece that changed face where it
// lies turns over, and a counter counts to its new number. About 300 ms, and none at all for whoever asks
// their system for reduced motion.

const DURATION = 300;
const EASING = "cubic-bezier(0.2, 0.7, 0.3, 1)";

export function reducedMotion() {
  return window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

// Where the pieces and counters of `root` are now, for animate() after the next drawing.
export function measure(root) {
  const pieces = new Map();
  for (const element of root.querySelectorAll("[data-piece]")) {
    pieces.set(element.getAttribute("data-piece"), { rect: element.getBoundingClientRect(), face: face(element) });
  }
  const counts = new Map();
  root.querySelectorAll("[data-count]").forEach((element, index) => counts.set(counterKey(element, index), Number(element.getAttribute("data-count"))));
  return { pieces, counts };
}

export function animate(root, before) {
  if (!before || reducedMotion()) return;
  for (const element of root.querySelectorAll("[data-piece]")) {
    const was = before.pieces.get(element.getAttribute("data-piece"));
    if (!element.animate) continue;
    if (!was) {
      element.animate([{ opacity: 0 }, { opacity: 1 }], { duration: DURATION, easing: EASING });
      continue;
    }
    const now = element.getBoundingClientRect();
    let dx = was.rect.left - now.left;
    let dy = was.rect.top - now.top;
    if (Math.abs(dx) >= 1 || Math.abs(dy) >= 1) {
      // An SVG piece moves in its drawing's units, which the drawing may scale.
      const matrix = element instanceof SVGGraphicsElement && element.parentNode.getScreenCTM ? element.parentNode.getScreenCTM() : null;
      if (matrix && matrix.a && matrix.d) {
        dx /= matrix.a;
        dy /= matrix.d;
      }
      element.animate([{ translate: `${dx}px ${dy}px` }, { translate: "0px 0px" }], { duration: DURATION, easing: EASING });
    } else if (was.face !== face(element)) {
      element.animate([{ transform: "scaleX(0)", transformOrigin: "center" }, { transform: "scaleX(1)", transformOrigin: "center" }], {
        duration: DURATION,
        easing: EASING,
        composite: "add",
      });
    }
  }
  root.querySelectorAll("[data-count]").forEach((element, index) => {
    const was = before.counts.get(counterKey(element, index));
    const now = Number(element.getAttribute("data-count"));
    if (was === undefined || !Number.isFinite(was) || !Number.isFinite(now) || was === now) return;
    count(element, was, now);
  });
}

// What a piece shows, to tell a piece turned over from one that merely stayed.
function face(element) {
  return `${element.getAttribute("aria-label") || ""}|${element.textContent}`;
}

function counterKey(element, index) {
  return element.getAttribute("data-piece") || element.getAttribute("data-pick") || element.id || `#${index}`;
}

// Counts the number shown in `element` (a text of its own equal to the new number) from `from` to `to`.
function count(element, from, to) {
  const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  let text = null;
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node.textContent.trim() === String(to)) {
      text = node;
      break;
    }
  }
  if (!text) {
    if (element.animate) element.animate([{ opacity: 0.3 }, { opacity: 1 }], { duration: DURATION });
    return;
  }
  const whole = text.textContent;
  const start = performance.now();
  const step = (now) => {
    if (!text.isConnected) return;
    const done = Math.min(1, (now - start) / DURATION);
    const value = Math.round(from + (to - from) * done);
    text.textContent = whole.replace(String(to), String(value));
    if (done < 1) requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
}
