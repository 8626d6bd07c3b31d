// A balance report in the page: one written by `ludolog balance --format html`, opened from a file on
// this computer (nothing is sent to the service). Its tables are put in as parsed elements; its charts,
// whose styles live inside them, are shown as images so that they keep their look under the page's
// Content Security Policy. Nothing in the file runs. The tune page (tune.js) shows its reports the same way.

import { claimPage, el, fill } from "./dom.js";

export async function showBalance() {
  const show = claimPage();
  const report = el("article", { className: "diary", id: "report" });
  const message = el("p", { role: "alert", className: "error", id: "report-error" });
  const input = el("input", { type: "file", id: "report-file", accept: ".html,text/html" });
  input.addEventListener("change", async () => {
    message.textContent = "";
    const file = input.files && input.files[0];
    if (!file) return;
    if (!putReport(report, await file.text())) {
      message.textContent = `${file.name} is not a balance report written by ludolog balance --format html.`;
    }
  });
  show(
    el("h1", {}, "Balance report"),
    el("p", {}, "Open a report written by ", el("code", {}, "ludolog balance RULESET --format html -o report.html"),
      ": the wins by seat with their intervals, the lengths of the games, the verdict and the tables, read here. ",
      "To find the values of a rule that make a game fair, ", el("a", { href: "#/tune" }, "tune it"), "."),
    el("p", { className: "field" }, el("label", { for: "report-file" }, "Report "), input),
    message, report);
  return null;
}

/**
 * Puts a report written by ludolog as HTML (a balance or a tune report) into `article`: its `main` parsed,
 * its charts as images, its links as their text; nothing in it runs. False (the article emptied) when the
 * text holds no such report.
 */
export function putReport(article, text) {
  const body = new DOMParser().parseFromString(text, "text/html").querySelector("main");
  if (!body || !body.querySelector("h1")) {
    fill(article);
    return false;
  }
  for (const svg of body.querySelectorAll("svg")) svg.replaceWith(chartImage(svg));
  for (const link of body.querySelectorAll("a")) link.replaceWith(...link.childNodes);  // replay pages live beside the file
  fill(article, [...body.childNodes].map((node) => document.importNode(node, true)));
  return true;
}

function chartImage(svg) {
  const text = new XMLSerializer().serializeToString(svg);
  const bytes = new TextEncoder().encode(text);
  let binary = "";
  bytes.forEach((byte) => { binary += String.fromCharCode(byte); });
  return el("img", { className: "chart", src: `data:image/svg+xml;base64,${btoa(binary)}`, alt: svg.querySelector("title")?.textContent || "a chart" });
}
