// The Render dialog's rules: the request POST /api/renders takes for what was chosen, a render's record read
// defensively (missing fields, an unknown state, a download address that is not the server's), what the status
// line and the progress bar say, and which record the dialog follows.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import {
  FORMATS, FRAME_RATES, SIZES, activeRender, followRender, readRender, renderRequest, renderStatus, sizeText,
} from '../../Sources/WebClient/Web/compose/render/render-model.js';

const compositions = [{ id: 9, name: 'Demo', part: 4, voice: 26 }];
const pair = { part: 4, voice: 7 };
const record = (more) => ({
  id: 3, name: 'Demo', format: 'wav', state: 'running', stage: 'mix', progress: 0.4, error: null, file: null, download: null, ...more,
});

test('the request: the selected pair or a composition, in WAV, FLAC or MP4 with a size and a frame rate', () => {
  assert.deepEqual(renderRequest({ what: 'pair', pair, format: 'wav' }), { body: { part: 4, voice: 7, format: 'wav' } });
  assert.deepEqual(renderRequest({ what: 'composition', composition: '9', format: 'flac' }, compositions), { body: { composition: 9, format: 'flac' } });
  assert.deepEqual(renderRequest({ what: 'composition', composition: '9', format: 'mp4', size: '1920×1080', fps: '30' }, compositions), {
    body: { composition: 9, format: 'mp4', width: 1920, height: 1080, fps: 30 },
  });
  assert.deepEqual(renderRequest({ what: 'pair', pair, format: 'mp4', size: 'custom', width: ' 640 ', height: '360', fps: '24' }), {
    body: { part: 4, voice: 7, format: 'mp4', width: 640, height: 360, fps: 24 },
  });
  assert.deepEqual(FORMATS.map((one) => one.label), ['WAV', 'FLAC', 'MP4']);
  assert.deepEqual(SIZES.map(sizeText), ['1280×720', '1920×1080', '3840×2160']);
  assert.deepEqual(FRAME_RATES, [24, 25, 30, 50, 60]);
  for (const fps of FRAME_RATES) assert.equal(renderRequest({ what: 'pair', pair, format: 'mp4', size: '1280×720', fps: String(fps) }).body.fps, fps);
});

test('a request that cannot be is refused in the dialog, with a reason', () => {
  const refused = (choice, list = compositions) => {
    const asked = renderRequest(choice, list);
    assert.equal(asked.body, undefined, JSON.stringify(choice));
    assert.ok(typeof asked.reason === 'string' && asked.reason !== '' && !asked.reason.includes('\n'));
    return asked.reason;
  };
  assert.match(refused(undefined), /Choose what to render/);
  assert.match(refused({ what: 'everything', format: 'wav' }), /Choose what to render/);
  assert.match(refused({ what: 'pair', pair: null, format: 'wav' }), /Select a part and a voice/);
  assert.match(refused({ what: 'pair', pair: { part: Number.NaN, voice: 1 }, format: 'wav' }), /Select a part and a voice/);
  assert.match(refused({ what: 'composition', composition: '', format: 'wav' }), /Choose a composition/);
  assert.match(refused({ what: 'composition', composition: '77', format: 'wav' }), /Choose a composition/);
  assert.match(refused({ what: 'composition', composition: '9', format: 'wav' }, null), /Choose a composition/);
  assert.match(refused({ what: 'pair', pair, format: 'mp3' }), /Choose a format/);
  assert.match(refused({ what: 'pair', pair, format: 'mp4', size: '1000×1000', fps: '30' }), /Choose a size/);
  assert.match(refused({ what: 'pair', pair, format: 'mp4', size: '1280×720', fps: '0' }), /frame rate/);
  assert.match(refused({ what: 'pair', pair, format: 'mp4', size: '1280×720', fps: 'NaN' }), /frame rate/);
  assert.match(refused({ what: 'pair', pair, format: 'mp4', size: '1280×720', fps: '121' }), /frame rate/);
  for (const [width, height] of [['641', '360'], ['640', '361']]) {
    assert.match(refused({ what: 'pair', pair, format: 'mp4', size: 'custom', width, height, fps: '30' }), /even/);
  }
  for (const [width, height] of [['', '360'], ['14', '360'], ['7682', '360'], ['640', '4322'], ['1e3', '360'], ['-640', '360'], ['Infinity', '360'], ['99999999999', '360']]) {
    assert.match(refused({ what: 'pair', pair, format: 'mp4', size: 'custom', width, height, fps: '30' }), /16…7680 pixels wide/);
  }
});

test('a render’s record is read defensively', () => {
  assert.deepEqual(readRender(record()), record());
  assert.equal(readRender(null), null);
  assert.equal(readRender('render'), null);
  assert.equal(readRender({ name: 'Demo' }), null, 'no id');
  assert.equal(readRender({ id: -1 }), null);
  assert.equal(readRender({ id: 1.5 }), null);
  assert.deepEqual(readRender({ id: 4 }), {
    id: 4, name: 'Render 4', format: '', state: 'unknown', stage: null, progress: 0, error: null, file: null, download: null,
  });
  assert.equal(readRender(record({ progress: Number.NaN })).progress, 0);
  assert.equal(readRender(record({ progress: 'half' })).progress, 0);
  assert.equal(readRender(record({ progress: 7 })).progress, 1);
  assert.equal(readRender(record({ progress: -3 })).progress, 0);
  assert.equal(readRender(record({ progress: Number.POSITIVE_INFINITY })).progress, 0);
  assert.equal(readRender(record({ error: 'first\nsecond' })).error, 'first');
  assert.equal(readRender(record({ name: 'x'.repeat(1000) })).name.length, 200);
  assert.equal(readRender(record({ download: '/api/renders/3/file' })).download, '/api/renders/3/file');
  for (const download of ['javascript:alert(1)', 'https://elsewhere.example/x', '//elsewhere.example/api/renders/3/file', '/api/renders/3/file?x=1', '/api/music', 42]) {
    assert.equal(readRender(record({ download })).download, null, String(download));
  }
});

test('the status line and the progress bar follow the render’s state and stage', () => {
  const status = (more) => renderStatus(readRender(record(more)));
  assert.deepEqual(status({}), { text: 'Mixing… 40%', value: 0.4, running: true, ended: false, download: null, file: null });
  assert.equal(status({ stage: 'video', progress: 0.7 }).text, 'Drawing the light… 70%');
  assert.equal(status({ progress: 0.29 }).text, 'Mixing… 29%');
  assert.equal(status({ stage: 'lasers', progress: 0.5 }).text, 'Rendering… 50%');
  assert.equal(status({ stage: null, progress: 1 }).text, 'Rendering… 100%');
  assert.deepEqual(status({ state: 'waiting', progress: 0 }), {
    text: 'Waiting for the render before it…', value: null, running: true, ended: false, download: null, file: null,
  });
  assert.deepEqual(status({ state: 'done', progress: 1, file: 'Demo.wav', download: '/api/renders/3/file' }), {
    text: 'Done', value: 1, running: false, ended: true, download: '/api/renders/3/file', file: 'Demo.wav',
  });
  assert.equal(status({ state: 'done', download: '/api/renders/3/file', file: null }).file, 'Demo.wav', 'a file name when the server gave none');
  assert.equal(status({ state: 'done', download: 'javascript:alert(1)' }).download, null);
  assert.match(status({ state: 'done' }).text, /no file/);
  assert.equal(status({ state: 'failed', error: 'ffmpeg is not installed' }).text, 'Failed: ffmpeg is not installed');
  assert.equal(status({ state: 'failed' }).text, 'Failed: the server did not say why');
  assert.deepEqual(status({ state: 'cancelled' }), { text: 'Cancelled', value: 0.4, running: false, ended: true, download: null, file: null });
  const unknown = status({ state: 'exploded' });
  assert.match(unknown.text, /“exploded”/);
  assert.equal(unknown.running, false, 'nothing to cancel');
  assert.equal(renderStatus(readRender({ id: 5 })).running, false, 'no state at all');
  assert.deepEqual(renderStatus(null), { text: '', value: null, running: false, ended: false, download: null, file: null });
});

test('the dialog follows its own render, and never goes back to older news of it', () => {
  const running = readRender(record({ progress: 0.5 }));
  const later = readRender(record({ progress: 0.6 }));
  const done = readRender(record({ state: 'done', progress: 1, download: '/api/renders/3/file' }));
  const other = readRender(record({ id: 4 }));
  assert.equal(followRender(null, running), running, 'none followed: the first heard');
  assert.equal(followRender(running, later), later);
  assert.equal(followRender(running, other), running, 'another render leaves it');
  assert.equal(followRender(running, null), running);
  assert.equal(followRender(running, done), done);
  assert.equal(followRender(done, later), done, 'an ended render never runs again');
  assert.equal(followRender(running, readRender(record({ state: 'waiting' }))), running, 'a running one does not wait again');
  assert.equal(followRender(done, readRender(record({ state: 'cancelled' }))).state, 'cancelled');
});

test('opened with no render, the dialog shows the newest one still to finish', () => {
  assert.equal(activeRender({ renders: [record({ id: 8, state: 'done' }), record({ id: 7, state: 'waiting' }), record({ id: 6 })] }).id, 7);
  assert.equal(activeRender({ renders: [record({ state: 'done' })] }), null);
  assert.equal(activeRender({ renders: [null, { id: 'x', state: 'running' }, 5] }), null);
  assert.equal(activeRender({}), null);
  assert.equal(activeRender(null), null);
});
