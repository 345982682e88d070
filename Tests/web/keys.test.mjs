// The canvas's keys: pads, fade, erase, full screen.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { keyDownAction, padForKey } from '../../Sources/WebClient/Web/shared/keys.js';

test('keys 1–8 on the top row or the keypad play pads 0–7, whatever the layout prints on them', () => {
  assert.equal(padForKey({ code: 'Digit1', key: '1' }), 0);
  assert.equal(padForKey({ code: 'Numpad8', key: '8' }), 7);
  assert.equal(padForKey({ code: 'Digit1', key: '&' }), 0);
  assert.equal(padForKey({ code: 'Digit9', key: '9' }), null);
  assert.equal(padForKey({ key: '3' }), 2);
  assert.deepEqual(keyDownAction({ code: 'Digit4', key: '4' }), { pad: 3 });
  assert.deepEqual(keyDownAction({ code: 'Digit4', key: '4', repeat: true }), { ignore: true });
});

test('space fades, Backspace, Delete and Escape erase, F toggles full screen; shortcuts are left to the browser', () => {
  assert.deepEqual(keyDownAction({ code: 'Space', key: ' ' }), { intent: { type: 'fade', seconds: 2 } });
  assert.deepEqual(keyDownAction({ code: 'Escape', key: 'Escape' }), { intent: { type: 'erase' } });
  assert.deepEqual(keyDownAction({ code: 'Backspace', key: 'Backspace' }), { intent: { type: 'erase' } });
  assert.deepEqual(keyDownAction({ code: 'Delete', key: 'Delete' }), { intent: { type: 'erase' } });
  assert.deepEqual(keyDownAction({ code: 'NumpadDecimal', key: 'Delete' }), { intent: { type: 'erase' } },
    "the keypad's Delete, with Num Lock off");
  assert.deepEqual(keyDownAction({ code: 'Backspace', key: 'Backspace', repeat: true }), { ignore: true });
  assert.equal(keyDownAction({ code: 'Backspace', key: 'Backspace', metaKey: true }), null);
  assert.deepEqual(keyDownAction({ code: 'KeyF', key: 'f' }), { fullScreen: true });
  assert.equal(keyDownAction({ code: 'KeyF', key: 'f', ctrlKey: true }), null);
  assert.equal(keyDownAction({ code: 'Digit1', key: '1', metaKey: true }), null);
  assert.equal(keyDownAction({ code: 'KeyQ', key: 'q' }), null);
});
