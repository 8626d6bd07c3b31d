'''The one renderer in JavaScript, for the replay page: ``svgOf(picture, seats, changed, label)`` is
``replays.drawing.to_svg`` (with ``replays.drawing_text`` and the seats' colours of
``replays.seat_colours``), and ``changedIds(before, after)`` is ``domain.engine.picture.changed`` for
pictures whose equal items are one object. The page draws a step only when it shows it.

Both must give the same SVG, byte for byte: every number is computed in the same order (JavaScript's and
Python's floating point are the same IEEE 754 doubles), a length is counted in code points as Python
counts it, Python's whitespace splits words, and ``num`` rounds a tie at the third decimal (an odd
multiple of 1/16) to even as Python's ``format`` does, where ``toFixed`` rounds it up.
``tests/replays/test_page_drawing.py`` draws the pictures of every ruleset with both and compares them.
Every text is escaped for XML (``escape``, ``quoteattr``); nothing here touches the page.
'''

DRAWING = r"""
var TONE_FILLS = {plain: "#f6f3ec", light: "#eedcb8", dark: "#b58863", wall: "#5b5b5b", water: "#9cc9e8",
  grass: "#b9d99a", base: "#f3d37a", danger: "#eba0a0", good: "#a6d9a6", gold: "#e8c547", muted: "#dddddd",
  accent: "#8fb4e3"};
var HIGHLIGHT = "#f5a300", LEGEND_HEIGHT = 0.7, INK = "#222222", MIN_TEXT_SHARE = 11 / 800;
var COLOURS = ["blue", "red", "green", "purple", "orange", "sky", "yellow", "grey"];
var SEAT_COLOURS = ["#0072b2", "#d55e00", "#009e73", "#cc79a7", "#e69f00", "#56b4e9", "#8a7a00", "#444444"];
var NOT_XML = /[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]/gu;
var WHITE = "[\t\n\x0b\x0c\r\x1c-\x1f \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]";
var SPACES = new RegExp(WHITE + "+"), TRAILING = new RegExp(WHITE + "+$"), ASTRAL = /[\ud800-\udbff][\udc00-\udfff]/;
var smallest = 0, palette = new Map();

function has(object, key) { return Object.prototype.hasOwnProperty.call(object, key); }
function get(object, key, otherwise) { return has(object, key) ? object[key] : otherwise; }
function size(text) { return ASTRAL.test(text) ? Array.from(text).length : text.length; }
function part(text, start, end) { return ASTRAL.test(text) ? Array.from(text).slice(start, end).join("") : text.slice(start, end); }
function escape(text) { return text.replace(NOT_XML, "\ufffd").replace(/&/g, "&amp;").replace(/>/g, "&gt;").replace(/</g, "&lt;"); }
function quoteattr(text) {
  var data = escape(text).replace(/\n/g, "&#10;").replace(/\r/g, "&#13;").replace(/\t/g, "&#9;");
  if (data.indexOf('"') < 0) return '"' + data + '"';
  return data.indexOf("'") < 0 ? "'" + data + "'" : '"' + data.replace(/"/g, "&quot;") + '"';
}
function num(value) {
  var sixteenths = value * 16, text;
  if (Number.isInteger(sixteenths) && sixteenths % 2 !== 0) {  // halfway between two thousandths: to the even one
    var low = Math.floor(value * 1000);
    text = ((low % 2 === 0 ? low : low + 1) / 1000).toFixed(3);
  } else text = value.toFixed(3);
  text = text.replace(/0+$/, "").replace(/\.$/, "");
  return text === "-0" || text === "" ? "0" : text;
}
function pyNumber(value) {  // Python's str() of a number: 1e-05 where JavaScript writes 0.00001
  if (typeof value !== "number") return String(value);
  if (Number.isInteger(value) || Math.abs(value) >= 1e-4) return String(value);
  return value.toExponential().replace(/e([+-])(\d)$/, "e$10$2");
}
function sizeOf(value) { return Math.max(value, smallest); }
function textElement(text, x, y, fontSize, bold, anchor, colour, opacity) {
  if (!text) return "";
  anchor = anchor || "start"; colour = colour || INK; opacity = opacity === undefined ? 1 : opacity;
  fontSize = sizeOf(fontSize);
  return '<text x="' + num(x) + '" y="' + num(y) + '" font-size="' + num(fontSize) + '" fill="' + colour + '"' +
    (bold ? ' font-weight="700"' : "") + (anchor !== "start" ? ' text-anchor="' + anchor + '"' : "") +
    (opacity < 1 ? ' fill-opacity="' + opacity + '"' : "") + ' pointer-events="none">' + escape(String(text)) + "</text>";
}
function cut(text, width, fontSize, wide) {
  var fits = Math.max(1, Math.trunc(width / (fontSize * (wide ? 0.62 : 0.56))));
  return size(text) <= fits ? text : part(text, 0, Math.max(0, fits - 1)).replace(TRAILING, "") + "\u2026";
}
function wrap(text, width, fontSize) {
  var fits = Math.max(4, Math.trunc(width / (sizeOf(fontSize) * 0.6))), lines = [];
  text.split("\n").forEach(function (paragraph) {
    var line = "";
    paragraph.split(SPACES).filter(Boolean).forEach(function (word) {
      while (size(word) > fits) {
        if (line) { lines.push(line); line = ""; }
        lines.push(part(word, 0, fits - 1) + "-");
        word = part(word, fits - 1);
      }
      if (line && size(line) + 1 + size(word) > fits) { lines.push(line); line = word; } else line = line ? line + " " + word : word;
    });
    lines.push(line);
  });
  return lines.filter(Boolean);
}
function seatColour(seat) { return palette.get(seat) || SEAT_COLOURS[((seat - 1) % 8 + 8) % 8]; }  // Python's modulo: seat 0 is the last
function fill(item, otherwise) { var tone = get(item, "tone", otherwise); return has(TONE_FILLS, tone) ? TONE_FILLS[tone] : TONE_FILLS[otherwise]; }
function namedColours(picture, count) {  // replays.seat_colours.named_colours
  var named = new Map(), found = new Map(), colours = picture.colours;
  if (!colours || !Object.keys(colours).length) return found;
  Object.keys(colours).forEach(function (seat) { named.set(parseInt(seat, 10), colours[seat]); });
  var taken = Array.from(named.values()), left = COLOURS.filter(function (colour) { return taken.indexOf(colour) < 0; });
  var most = Math.max.apply(null, [count].concat(Array.from(named.keys()), [0]));
  for (var seat = 1; seat <= most; seat++) {
    var own = COLOURS[(seat - 1) % COLOURS.length];
    var colour = named.get(seat) || (left.indexOf(own) >= 0 ? own : left.length ? left[0] : own);
    if (left.indexOf(colour) >= 0) left.splice(left.indexOf(colour), 1);
    found.set(seat, SEAT_COLOURS[COLOURS.indexOf(colour)]);
  }
  return found;
}
function changedIds(before, after) {  // domain.engine.picture.changed: equal items are the same object
  if (!before) return [];
  var old = new Map(), now = new Map(), found = [];
  before.items.forEach(function (item) { if (has(item, "id")) old.set(item.id, item); });
  after.items.forEach(function (item) { if (has(item, "id")) now.set(item.id, item); });
  now.forEach(function (item, key) {
    var was = old.get(key);
    if (was === item) return;
    found.push(key);
    if (item.kind === "piece") [(was || {}).at, item.at].forEach(function (place) { if (place) found.push(place); });
  });
  return found.filter(function (key, index) { return found.indexOf(key) === index && now.has(key); });
}
function piecePlaces(items, spaces) {
  var sharing = new Map(), places = new Map();
  items.forEach(function (item, index) {
    if (item.kind !== "piece") return;
    if (has(item, "at") && spaces.has(item.at)) {
      if (!sharing.has(item.at)) sharing.set(item.at, []);
      sharing.get(item.at).push(index);
    } else places.set(index, [Number(get(item, "x", 0)), Number(get(item, "y", 0)), Number(get(item, "size", 0.7))]);
  });
  sharing.forEach(function (indexes, at) {
    var space = spaces.get(at), x = Number(space.x), y = Number(space.y), w = Number(space.w), h = Number(space.h);
    var count = indexes.length, columns = count === 1 ? 1 : count <= 4 ? 2 : 3, rows = Math.ceil(count / columns);
    indexes.forEach(function (index, n) {
      var column = n % columns, row = Math.floor(n / columns), wide = Number(get(items[index], "size", 0.7));
      if (count > 1) wide = Math.min(wide, Math.min(w / columns, h / rows) * 0.9);
      places.set(index, [x + w * (column + 0.5) / columns, y + h * (row + 0.5) / rows, wide]);
    });
  });
  return places;
}
function drawPiece(item, place) {
  var cx = place[0], cy = place[1], wide = place[2], r = wide / 2, drawn;
  var colour = has(item, "owner") ? seatColour(item.owner) : fill(item, "muted"), shape = get(item, "shape", "disc");
  var stroke = 'stroke="#ffffff" stroke-width="0.05"';
  if (shape === "square") {
    drawn = '<rect x="' + num(cx - r) + '" y="' + num(cy - r) + '" width="' + num(wide) + '" height="' + num(wide) + '" rx="0.06" fill="' +
      colour + '" ' + stroke + "/>";
  } else if (shape === "diamond") {
    drawn = '<polygon points="' + num(cx) + "," + num(cy - r) + " " + num(cx + r) + "," + num(cy) + " " + num(cx) + "," + num(cy + r) + " " +
      num(cx - r) + "," + num(cy) + '" fill="' + colour + '" ' + stroke + "/>";
  } else drawn = '<circle cx="' + num(cx) + '" cy="' + num(cy) + '" r="' + num(r) + '" fill="' + colour + '" ' + stroke + "/>";
  drawn += textElement(item.label, cx, cy + wide * 0.16, wide * 0.45, true, "middle", has(item, "owner") ? "#ffffff" : INK);
  return [drawn, [cx - r, cy - r, wide, wide]];
}
function drawLine(item) {
  var colour = has(item, "owner") ? seatColour(item.owner) : has(item, "tone") ? fill(item, "muted") : "#888888";
  var xs = item.points.map(function (p) { return Number(p[0]); }), ys = item.points.map(function (p) { return Number(p[1]); });
  var drawn = '<polyline points="' + item.points.map(function (p) { return num(p[0]) + "," + num(p[1]); }).join(" ") + '" fill="none" stroke="' +
    colour + '" stroke-width="' + num(Number(get(item, "width", 0.06))) + '" stroke-linecap="round"' +
    (item.dashed ? ' stroke-dasharray="0.15 0.1"' : "") + "/>";
  var left = Math.min.apply(null, xs), top = Math.min.apply(null, ys);
  return [drawn, [left, top, Math.max.apply(null, xs) - left, Math.max.apply(null, ys) - top]];
}
function drawText(item) {
  var fontSize = sizeOf(Number(get(item, "size", 0.35))), x = Number(item.x), y = Number(item.y), anchor = get(item, "anchor", "start");
  var colour = has(item, "owner") ? seatColour(item.owner) : INK, lines = item.text.split("\n"), drawn;
  if (has(item, "w")) lines = lines.map(function (line) { return cut(line, Number(item.w), fontSize, Boolean(item.mono || item.bold)); });
  if (item.mono) {
    drawn = '<text x="' + num(x) + '" y="' + num(y) + '" font-size="' + num(fontSize) + '" font-family="ui-monospace, DejaVu Sans Mono, monospace" fill="' +
      colour + '" xml:space="preserve">' + lines.map(function (line, n) {
        return '<tspan x="' + num(x) + '" dy="' + num(n === 0 ? 0 : fontSize * 1.25) + '">' + escape(line) + "</tspan>";
      }).join("") + "</text>";
  } else {
    drawn = lines.map(function (line, n) { return textElement(line, x, y + n * fontSize * 1.25, fontSize, Boolean(item.bold), anchor, colour); }).join("");
  }
  var width = Math.max.apply(null, lines.map(size)) * fontSize * (item.mono || item.bold ? 0.62 : 0.56);
  var left = x - (anchor === "end" ? width : anchor === "middle" ? width / 2 : 0);
  return [drawn, [left, y - fontSize, width, fontSize * 1.25 * lines.length]];
}
function drawCard(item, x, y, w, h) {
  var edge = has(item, "owner") ? seatColour(item.owner) : "#777777";
  if (item.face_down) {
    return '<rect x="' + num(x) + '" y="' + num(y) + '" width="' + num(w) + '" height="' + num(h) + '" rx="0.15" fill="#3d4f73" stroke="' + edge +
      '" stroke-width="0.06"/><rect x="' + num(x + 0.18) + '" y="' + num(y + 0.18) + '" width="' + num(w - 0.36) + '" height="' + num(h - 0.36) +
      '" rx="0.1" fill="none" stroke="#c9d3ea" stroke-width="0.03" stroke-dasharray="0.12 0.08"/>';
  }
  var parts = ['<rect x="' + num(x) + '" y="' + num(y) + '" width="' + num(w) + '" height="' + num(h) + '" rx="0.15" fill="' +
    (has(item, "tone") ? fill(item, "plain") : "#fffdf7") + '" stroke="' + edge + '" stroke-width="0.06"/>'];
  var corner = item.corner, room = w - 0.3 - (corner ? 0.45 : 0), nameSize = sizeOf(0.26), lineSize = sizeOf(0.19), lineY = y + 0.12 + nameSize;
  wrap(get(item, "name", ""), room, nameSize).slice(0, 3).forEach(function (line) {
    parts.push(textElement(line, x + 0.15, lineY, nameSize, true));
    lineY += nameSize * 1.2;
  });
  if (corner) {
    parts.push('<circle cx="' + num(x + w - 0.3) + '" cy="' + num(y + 0.3) + '" r="0.22" fill="' + edge + '"/>' +
      textElement(corner, x + w - 0.3, y + 0.39, 0.24, true, "middle", "#ffffff"));
  }
  lineY += 0.05 + lineSize - 0.19;
  var texts = get(item, "lines", []);
  for (var t = 0; t < texts.length; t++) {
    var wrapped = wrap(texts[t], w - 0.3, lineSize);
    for (var l = 0; l < wrapped.length; l++) {
      if (lineY > y + h - 0.1) return parts.join("");
      parts.push(textElement(wrapped[l], x + 0.15, lineY, lineSize));
      lineY += lineSize * 1.26;
    }
  }
  return parts.join("");
}
function drawCounter(item, x, y, w) {
  var colour = has(item, "owner") ? seatColour(item.owner) : INK, value = item.value;
  var shown = pyNumber(value) + (has(item, "max") ? " / " + pyNumber(item.max) : "");
  var room = w - 0.3 - size(shown) * sizeOf(0.26) * 0.62;
  var parts = ['<rect x="' + num(x) + '" y="' + num(y) + '" width="' + num(w) + '" height="0.5" rx="0.1" fill="#ffffff" fill-opacity="0.85" stroke="' +
    colour + '" stroke-width="0.03"/>', textElement(cut(item.label, room, sizeOf(0.24)), x + 0.1, y + 0.34, 0.24, false, "start", colour),
    textElement(shown, x + w - 0.1, y + 0.34, 0.26, true, "end")];
  if (has(item, "max") && typeof value === "number" && item.max > 0) {
    var share = Math.max(0, Math.min(1, value / item.max));
    parts.push('<rect x="' + num(x) + '" y="' + num(y + 0.54) + '" width="' + num(w) + '" height="0.12" fill="#dddddd"/><rect x="' + num(x) +
      '" y="' + num(y + 0.54) + '" width="' + num(w * share) + '" height="0.12" fill="' + colour + '"/>');
  }
  return parts.join("");
}
function drawItem(item, index, places) {
  var kind = item.kind;
  if (kind === "piece") return drawPiece(item, places.get(index));
  if (kind === "line") return drawLine(item);
  if (kind === "text") return drawText(item);
  var x = Number(item.x), y = Number(item.y), w, h;
  if (kind === "counter") { w = Number(get(item, "w", 3)); h = 0.55 + (has(item, "max") ? 0.15 : 0); } else { w = Number(item.w); h = Number(item.h); }
  var box = [x, y, w, h], label, fontSize;
  if (kind === "area") {
    fontSize = sizeOf(0.26);
    label = textElement(cut(item.label || "", w - 0.2, fontSize, true), x + 0.12, y + 0.07 + fontSize * 0.96, fontSize, true);
    return ['<rect x="' + num(x) + '" y="' + num(y) + '" width="' + num(w) + '" height="' + num(h) + '" rx="0.12" fill="' + fill(item, "plain") + '"' +
      (has(item, "owner") && !has(item, "tone") ? ' fill-opacity="0.18"' : "") + ' stroke="#999999" stroke-width="0.03"/>' + label, box];
  }
  if (kind === "space") {
    var colour = fill(item, "plain"), stroke = has(item, "owner") ? seatColour(item.owner) : "#8a8a8a", shape;
    if (item.shape === "circle") {
      shape = '<circle cx="' + num(x + w / 2) + '" cy="' + num(y + h / 2) + '" r="' + num(Math.min(w, h) / 2 - 0.03) + '" fill="' + colour +
        '" stroke="' + stroke + '" stroke-width="0.04"/>';
    } else {
      shape = '<rect x="' + num(x) + '" y="' + num(y) + '" width="' + num(w) + '" height="' + num(h) + '" fill="' + colour + '" stroke="' +
        stroke + '" stroke-width="0.02"/>';
    }
    fontSize = sizeOf(0.16);
    return [shape + textElement(cut(item.label || "", w - 0.08, fontSize), x + 0.06, y + 0.06 + fontSize * 0.9, fontSize, false, "start", INK, 0.7), box];
  }
  if (kind === "card") return [drawCard(item, x, y, w, h), box];
  return [drawCounter(item, x, y, w), box];
}
function marked(drawn) {
  var space = drawn.indexOf(" ");
  return drawn.charAt(0) === "<" && space > 0 ? drawn.slice(0, space) + ' class="shape"' + drawn.slice(space) : drawn;
}
function legend(seats, top, width) {
  var parts = [], x = 0.2;
  for (var seat = 1; seat <= seats.length; seat++) {
    var shown = seat + " " + seats[seat - 1];
    if (size(shown) > 24) shown = part(shown, 0, 23) + "\u2026";
    parts.push('<circle cx="' + num(x + 0.15) + '" cy="' + num(top + 0.35) + '" r="0.15" fill="' + seatColour(seat) + '"/>' +
      textElement(shown, x + 0.4, top + 0.45, 0.28));
    x += 0.8 + size(shown) * 0.16;
    if (x > width - 1) break;
  }
  return parts.join("");
}
function svgOf(picture, seats, changed, label) {
  var width = Number(picture.width), height = Number(picture.height), total = height + (seats.length ? LEGEND_HEIGHT : 0);
  smallest = width * MIN_TEXT_SHARE;
  palette = namedColours(picture, seats.length);
  var spaces = new Map(), clickable = new Map(), boxes = new Map(), body = [];
  picture.items.forEach(function (item) {
    if (item.kind === "space" && has(item, "id")) spaces.set(item.id, item);
    if (has(item, "id") && (has(item, "ref") || item.kind === "space")) clickable.set(item.id, has(item, "ref") ? item.ref : item.id);
  });
  var places = piecePlaces(picture.items, spaces);
  picture.items.forEach(function (item, index) {
    var found = drawItem(item, index, places), drawn = found[0], key = item.id;
    var title = item.title ? "<title>" + escape(item.title) + "</title>" : "";
    if (key !== undefined && key !== null) {
      boxes.set(key, found[1]);
      var attributes = " data-id=" + quoteattr(key) + (clickable.has(key) ? " data-ref=" + quoteattr(clickable.get(key)) : "");
      body.push('<g class="item ' + item.kind + '"' + attributes + ">" + title + marked(drawn) + "</g>");
    } else body.push(title ? "<g>" + title + drawn + "</g>" : drawn);
  });
  changed.filter(function (key, index) { return changed.indexOf(key) === index && boxes.has(key); }).forEach(function (key) {
    var box = boxes.get(key);
    body.push('<rect class="changed" data-changed=' + quoteattr(key) + ' x="' + num(box[0] - 0.04) + '" y="' + num(box[1] - 0.04) + '" width="' +
      num(box[2] + 0.08) + '" height="' + num(box[3] + 0.08) + '" rx="0.1" fill="none" stroke="' + HIGHLIGHT +
      '" stroke-width="0.09" pointer-events="none"/>');
  });
  if (seats.length) body.push(legend(seats, height, width));
  var aria = label ? " aria-label=" + quoteattr(label) : "";
  if (palette.size) {
    var named = Array.from(palette).map(function (pair) { return '"' + pair[0] + '": "' + pair[1] + '"'; });
    aria += " data-seat-colours=" + quoteattr("{" + named.join(", ") + "}");  // json.dumps of the palette
  }
  return '<svg xmlns="http://www.w3.org/2000/svg" class="board" viewBox="0 0 ' + num(width) + " " + num(total) + '" width="' + num(width * 56) +
    '" height="' + num(total * 56) + '" role="img"' + aria + ' font-family="system-ui, sans-serif">' + body.join("") + "</svg>";
}
"""
