// What a tree's dialog asks (music-tree.js): a new part or voice, a new name, how many pieces to split into,
// which child to add — each as `{ title, note?, fields, accept }`, where `fields` are labelled controls
// (`{ row, input }`) and `accept()` reads them, hands the edits they make to `edit(edits, doing)` and returns
// null, or returns what is wrong, in words for the composer — and the form that asks it. The edits are the
// library's (docs/composition.md); the dialog itself, and sending, are the tree's and the page's.

import { h, uid } from '../shared/dom.js';
import { checkedName, equalCuts } from './tree-rows.js';

const TICKS_PER_BEAT = 960;
const MAX_PIECES = 16;
const NEW_PART_BEATS = 16;
const DEFAULT_TEMPO = 120;
const BEATS = { min: 0.25, max: 10000 };
const TEMPO = { min: 20, max: 400 };

/**
 * A new node of the tree: a voice's name; a part's name, beats and tempo (`tempo`: the one offered, the
 * selected part's when there is one). `kind` is the tree's (`{ noun, types }`).
 */
export function newNodeQuestion({ noun, types }, { tempo, edit }) {
  const name = textField('Name');
  if (noun === 'voice') {
    return {
      title: 'New voice', fields: [name],
      accept: () => {
        const checked = checkedName(name.input.value);
        if (checked.error) return checked.error;
        edit([{ type: types.add, name: checked.name }], 'add a voice');
        return null;
      },
    };
  }
  const beats = numberField('Beats', NEW_PART_BEATS, { ...BEATS, step: 'any' });
  const tempoField = numberField('Tempo', tempo ?? DEFAULT_TEMPO, { ...TEMPO, step: 'any' });
  return {
    title: 'New part', fields: [name, beats, tempoField],
    accept: () => {
      const checked = checkedName(name.input.value);
      if (checked.error) return checked.error;
      const beatCount = numberIn(beats.input, BEATS);
      if (beatCount === null) return `Beats: a number from ${BEATS.min} to ${BEATS.max}.`;
      const bpm = numberIn(tempoField.input, TEMPO);
      if (bpm === null) return `Tempo: ${TEMPO.min} to ${TEMPO.max} beats per minute.`;
      edit([{ type: types.add, name: checked.name, beats: beatCount, tempo: bpm }], 'add a part');
      return null;
    },
  };
}

/** A new name for the selected row's node (`selected`: `{ id, node }`); the same name changes nothing. */
export function renameQuestion({ noun, types }, { selected, edit }) {
  const name = textField('Name', selected.node.name);
  return {
    title: `Rename “${selected.node.name}”`, fields: [name],
    accept: () => {
      const checked = checkedName(name.input.value);
      if (checked.error) return checked.error;
      if (checked.name !== selected.node.name) {
        edit([{ type: types.rename, [noun]: selected.id, name: checked.name }], `rename the ${noun}`);
      }
      return null;
    },
  };
}

/**
 * Into how many pieces the selected node splits: a part into equal pieces cut on quarter beats, a voice
 * into voices played together. `expand()` opens the selected row, to show the pieces once they are made.
 */
export function splitQuestion({ noun, types }, { selected, expand, edit }) {
  const { node } = selected;
  const count = numberField(noun === 'part' ? 'Pieces' : 'Voices', 2, { min: 2, max: MAX_PIECES, step: 1 });
  return {
    title: `Split “${node.name}”`,
    note: noun === 'part'
      ? `Into equal pieces, cut on quarter beats. It lasts ${beatsText(node.length)}.`
      : 'Into voices played together; the first keeps what it plays.',
    fields: [count],
    accept: () => {
      const pieces = numberIn(count.input, { min: 2, max: MAX_PIECES }, { whole: true });
      if (pieces === null) return `${noun === 'part' ? 'Pieces' : 'Voices'}: a whole number from 2 to ${MAX_PIECES}.`;
      if (noun === 'voice') {
        expand();
        edit([{ type: types.split, voice: selected.id, count: pieces }], 'split the voice');
        return null;
      }
      const cuts = equalCuts(node.length, pieces);
      if (cuts.length === 0) return `${node.name} is too short to cut on quarter beats: it lasts ${beatsText(node.length)}.`;
      expand();
      edit([{ type: types.split, part: selected.id, cuts }], 'split the part');
      return null;
    },
  };
}

/** Which of `candidates` (nodes) becomes the selected node's last child. */
export function childQuestion({ noun, types }, { selected, candidates, expand, edit }) {
  const child = selectField('Child', candidates.map((node) => [String(node.id), node.name]));
  return {
    title: `Add to “${selected.node.name}”`,
    note: `The ${noun} chosen comes last among its children.`,
    fields: [child],
    accept: () => {
      const chosen = candidates.find((node) => String(node.id) === child.input.value);
      if (!chosen) return `Choose a ${noun}.`;
      expand();
      edit([{ type: types.addChild, parent: selected.id, child: chosen.id }], `add to the ${noun}`);
      return null;
    },
  };
}

/**
 * The dialog's form for a question: its title, note and fields, a line for what is wrong, Cancel and OK.
 * OK calls `accept()`: null closes the dialog (`close()`), anything else is said in the form.
 */
export function questionForm({ title, note, fields, accept }, close) {
  const headingId = uid('music-tree-heading');
  const error = h('p', { className: 'error', role: 'alert' });
  const form = h('form', { novalidate: true },
    h('h2', { id: headingId }, title),
    note ? h('p', { className: 'note' }, note) : null,
    fields.map((field) => field.row),
    error,
    h('div', { className: 'buttons' },
      h('button', { type: 'button', onclick: close }, 'Cancel'),
      h('button', { type: 'submit' }, 'OK')));
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const problem = accept();
    if (problem) error.textContent = problem;
    else close();
  });
  return { form, headingId };
}

/** A length in ticks as beats, for a person: "16 beats", "1 beat", "2.25 beats". */
export function beatsText(ticks) {
  const beats = Math.round((ticks / TICKS_PER_BEAT) * 100) / 100;
  return `${beats} ${beats === 1 ? 'beat' : 'beats'}`;
}

/** A labelled control for the dialog: `{ row, input }`. */
function field(label, input) {
  input.id = uid('music-tree-field');
  return { input, row: h('div', { className: 'field' }, h('label', { for: input.id }, label), input) };
}

function textField(label, value = '') {
  return field(label, h('input', { type: 'text', value, autocomplete: 'off', spellcheck: 'false' }));
}

function numberField(label, value, { min, max, step }) {
  return field(label, h('input', {
    type: 'number', value: String(value), min: String(min), max: String(max), step: String(step), inputmode: 'decimal',
  }));
}

function selectField(label, options) {
  return field(label, h('select', {}, options.map(([value, text]) => h('option', { value }, text))));
}

/** The number in `input` when it lies in `min`…`max` (and is whole, when asked), else null. */
function numberIn(input, { min, max }, { whole = false } = {}) {
  if (input.value.trim() === '') return null;
  const value = Number(input.value);
  if (!Number.isFinite(value) || value < min || value > max || (whole && !Number.isInteger(value))) return null;
  return value;
}
