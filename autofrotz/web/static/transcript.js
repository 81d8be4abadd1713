// The transcript: each turn's command, why it was sent, the reply; the game-over line.
// Uses h(), $() and S from app.js; like there, game text is only ever inserted as text.
"use strict";

function transcriptNode(row) {
  let node = S.nodes.get(row.turn_number);
  if (node) return node;
  const n = row.turn_number;
  const human = row.agent === "human";
  node = h("div", { class: `entry${row.live ? " fresh" : ""}${human ? " human" : ""}`, dataset: { turn: n } },
    h("a", { class: "tn", href: `#/game/${S.gameId}/turn/${n}`, title: `turn ${n}` }, String(n)),
    row.command ? h("div", { class: "cmd" }, `> ${row.command}`, human ? h("span", { class: "who" }, "typed by a person") : null) : null,
    row.command && !human ? whyNode(row) : null,
    h("div", { class: "out" }, tidy(row.output)),
    row.event ? h("div", { class: `event ${row.event}` }, row.event) : null);
  S.nodes.set(n, node);
  return node;
}

// Why the command was sent, in words, under it: the model's reasoning, or the built-in agent's rule (the
// table row recorded with the turn; its whole reasoning on hover) and the sentence of the text before it that
// names what the command is about; then the rules that vetoed other commands this turn.
function whyNode(row) {
  const reason = String(row.reasoning || "").trim();
  const vetoes = row.vetoes || [];
  if (!reason && !row.rule) return null;
  const vetoed = vetoes.length ? ` · vetoed by ${vetoes.join("; ")}` : null;
  if (row.agent !== "builtin") return h("div", { class: "why", title: reason }, reason, vetoed);
  const saw = sawFor(row);
  return h("div", { class: "why rule", title: reason }, h("span", { class: "rule-name" }, `rule: ${row.rule || reason}`),
    saw ? ` · saw “${saw}”` : null, vetoed);
}

const SMALL_WORDS = new Set(["the", "a", "an", "on", "in", "at", "to", "with", "from", "into", "onto", "all", "and", "of", "off", "up"]);
const DIRECTION_WORDS = { n: "north", s: "south", e: "east", w: "west", u: "up", d: "down",
  ne: "northeast", nw: "northwest", se: "southeast", sw: "southwest" };

function sawFor(row) {
  const before = S.byN.get(Number(row.turn_number) - 1);
  if (!before) return "";
  const words = String(row.command).toLowerCase().split(/\s+/);
  const nouns = (words.length === 1 ? [DIRECTION_WORDS[words[0]] || words[0]] : words.slice(1))
    .filter((x) => x.length > 2 && !SMALL_WORDS.has(x));
  const sentences = tidy(before.output).replace(/\s+/g, " ").split(/(?<=[.!?])\s+/);
  for (const noun of nouns.reverse()) {
    const hit = sentences.find((x) => new RegExp(`\\b${noun.replace(/[^a-z0-9-]/g, "")}`, "i").test(x));
    if (hit) return hit.length > 140 ? `${hit.slice(0, 139)}…` : hit;
  }
  return "";
}

// Interpreters pad output with blank lines; drop them at the ends and squeeze runs (display only).
function tidy(text) { return String(text || "").replace(/^\s*\n/, "").replace(/\s+$/, "").replace(/\n{3,}/g, "\n\n"); }

function renderTranscript(n) {
  const rows = S.turns.filter((r) => r.turn_number <= n && r.turn_number > n - S.window);
  const box = $("transcript");
  const nodes = rows.map(transcriptNode);
  for (const node of nodes) node.classList.toggle("current", Number(node.dataset.turn) === n);
  const earlier = rows.length ? rows[0].turn_number - S.first : 0;
  if (earlier > 0) {
    nodes.unshift(h("button", { class: "earlier", onclick: () => { S.window += TRANSCRIPT_WINDOW * 4; renderTranscript(S.current); } },
      `… ${earlier} earlier turns: show ${Math.min(earlier, TRANSCRIPT_WINDOW * 4)} more`));
  }
  if (n === S.last && S.game && S.game.status !== "playing") nodes.push(h("div", { class: "game-end", id: "game-end" }, endLine()));
  box.replaceChildren(...nodes);
  box.scrollTop = box.scrollHeight;
}

function endLine() {
  const last = S.byN.get(S.last) || {};
  const score = last.score != null ? `, score ${scoreText(last.score, S.game.max_score)}` : "";
  return `Game over: ${statusLabel(S.game)} at turn ${S.last}${score}.`;
}
