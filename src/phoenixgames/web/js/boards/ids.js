// The ids of the pieces a board draws (data-piece), kept from one drawing to the next, so that the table
// can show a piece travel from where it was to where it is.
//
// A board marks each piece it draws with what it is (data-piece-kind: "card:R3") and where it lies
// (data-piece-place: "nest2:1:0"), then calls assign(root). Pieces of one kind are alike (two red 3s), and
// which copy lies where is in no view, so the last drawing decides: a piece at a place that held a piece
// of its kind keeps that piece's id; a piece at a new place takes the id of one that left its place (it
// moved there), else a new one. An id is the kind and a copy number, "card:R3#2", unique in a drawing.

export class PieceIds {
  constructor() {
    this.last = new Map(); // kind -> Map(place -> id), of the last drawing
  }

  // Gives every marked element under `root` its data-piece.
  assign(root) {
    const byKind = new Map();
    for (const element of root.querySelectorAll("[data-piece-kind]")) {
      const kind = element.getAttribute("data-piece-kind");
      if (!byKind.has(kind)) byKind.set(kind, []);
      byKind.get(kind).push(element);
    }
    const now = new Map();
    for (const [kind, elements] of byKind) {
      const before = this.last.get(kind) || new Map();
      const places = new Map();
      const used = new Set();
      const fresh = [];
      for (const element of elements) {
        const place = element.getAttribute("data-piece-place");
        const id = before.get(place);
        if (id !== undefined && !used.has(id)) {
          places.set(place, id);
          used.add(id);
          element.setAttribute("data-piece", id);
        } else {
          fresh.push(element);
        }
      }
      // The ids whose places are gone, in the order of the places they held: those pieces moved.
      const left = [...before].filter(([place, id]) => !places.has(place) && !used.has(id)).map(([, id]) => id);
      const taken = (id) => used.has(id) || left.includes(id);
      let copy = 0;
      for (const element of fresh) {
        let id = left.shift();
        if (id === undefined) {
          do copy += 1;
          while (taken(`${kind}#${copy}`));
          id = `${kind}#${copy}`;
        }
        used.add(id);
        places.set(element.getAttribute("data-piece-place"), id);
        element.setAttribute("data-piece", id);
      }
      now.set(kind, places);
    }
    this.last = now;
  }

  // The id given in the last drawing to the piece of `kind` at `place`, or null.
  at(kind, place) {
    const places = this.last.get(kind);
    return (places && places.get(place)) || null;
  }

  // The ids of the last drawing whose place starts with `prefix` (and whose kind starts with `kindPrefix`).
  under(prefix, kindPrefix = "") {
    const found = [];
    for (const [kind, places] of this.last) {
      if (!kind.startsWith(kindPrefix)) continue;
      for (const [place, id] of places) if (place.startsWith(prefix)) found.push(id);
    }
    return found;
  }
}

// The attributes that mark a piece for PieceIds.assign.
export function piece(kind, place) {
  return { "data-piece-kind": kind, "data-piece-place": place };
}
