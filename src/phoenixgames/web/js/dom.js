// Building the page: h() makes an HTML element, s() an SVG one, both from a tag, attributes and children.
//
//   h("button", {class: "primary", onclick: start}, "Start")
//   s("circle", {cx: 10, cy: 10, r: 4, "data-pick": "nest:1"})
//
// An attribute whose value is null, undefined or false is left out; true writes it empty; a name that
// starts with "on" and holds a function adds a listener. Children may be strings, numbers, nodes, arrays
// of them, or null (left out). Text is always set as text, never parsed as HTML.

const SVG = "http://www.w3.org/2000/svg";

function fill(element, attributes, children) {
  for (const [name, value] of Object.entries(attributes || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (name.startsWith("on") && typeof value === "function") {
      element.addEventListener(name.slice(2), value);
    } else if (name === "style" && typeof value === "object") {
      Object.assign(element.style, value);
    } else {
      element.setAttribute(name, value === true ? "" : String(value));
    }
  }
  append(element, children);
  return element;
}

export function append(element, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    element.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return element;
}

export function h(tag, attributes, ...children) {
  return fill(document.createElement(tag), attributes, children);
}

export function s(tag, attributes, ...children) {
  return fill(document.createElementNS(SVG, tag), attributes, children);
}

export function clear(element) {
  while (element.firstChild) element.firstChild.remove();
  return element;
}

// Short text that names a count: plural("card", 3) is "3 cards".
export function plural(word, count) {
  return `${count} ${word}${count === 1 ? "" : "s"}`;
}
