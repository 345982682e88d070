// The Render dialog's rules: the request POST /api/renders takes for what was chosen, a render's record read
// defensively (missing fields, an unknown state, a download address that is not the server's), what the status
// line and the progress bar say, and which record the dialog follows — in every order its records arrive in
// (the POST's answer, /live's waiting, running and done, a GET's), a record never replacing a newer one.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { capitalized } from '../../Sources/WebClient/Web/shared/text-rule.js';
import {
  FORMATS, FRAME_RATES, RenderFollower, SIZES, VIDEO_REFUSALS, activeRender, followRender, newerRender, readRender, renderRequest,
  renderStatus, sizeText,
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
  assert.deepEqual(FORMATS.map((one) => one.label), ['WAV', 'FLAC', 'MP4', 'DMX (CSV)']);
  assert.deepEqual(renderRequest({ what: 'pair', pair, format: 'csv', size: '1280×720', fps: '30' }), { body: { part: 4, voice: 7, format: 'csv' } });
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
  // A video's size and frame rate in the server's words (render-request-twin-rule.test.mjs holds the rule itself).
  for (const fps of ['0', 'NaN', '121', '', undefined]) {
    assert.equal(refused({ what: 'pair', pair, format: 'mp4', size: '1280×720', fps }), capitalized(VIDEO_REFUSALS.fps));
  }
  for (const [width, height] of [['641', '360'], ['640', '361']]) {
    assert.equal(refused({ what: 'pair', pair, format: 'mp4', size: 'custom', width, height, fps: '30' }), capitalized(VIDEO_REFUSALS.size));
  }
  for (const [width, height] of [['', '360'], ['14', '360'], ['7682', '360'], ['640', '4322'], ['1e3', '360'], ['-640', '360'], ['Infinity', '360'], ['99999999999', '360']]) {
    assert.equal(refused({ what: 'pair', pair, format: 'mp4', size: 'custom', width, height, fps: '30' }), capitalized(VIDEO_REFUSALS.size));
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

/** Every order of `items`. */
function orders(items) {
  if (items.length <= 1) return [items];
  return items.flatMap((item, at) => orders(items.filter((_, other) => other !== at)).map((rest) => [item, ...rest]));
}

/** Where a state stands: waiting 0, running 1, ended 2 (the order the dialog must never go back in). */
const rank = (render) => ({ waiting: 0, running: 1 })[render?.state] ?? 2;

// Render 3's records as the server sends them: the POST's answer and /live's are the same record (waiting).
const waiting = record({ state: 'waiting', stage: null, progress: 0 });
const mixing = record({ state: 'running', stage: 'mix', progress: 0 });
const done = record({ state: 'done', stage: null, progress: 1, file: 'Demo.wav', download: '/api/renders/3/file' });

test('a record never replaces a newer one of the same render: waiting < running < ended, then stage and progress', () => {
  const read = (more) => readRender(record(more));
  const life = [
    read({ state: 'waiting', stage: null, progress: 0 }), read({ stage: 'mix', progress: 0 }), read({ stage: 'mix', progress: 0.5 }),
    read({ stage: 'video', progress: 0 }), read({ stage: 'video', progress: 0.9 }), read({ state: 'done', progress: 1 }),
  ];
  for (const [older, earlier] of life.entries()) {
    for (const later of life.slice(older + 1)) {
      assert.equal(newerRender(earlier, later), later, `${earlier.state} ${earlier.stage} ${earlier.progress} then ${later.state} ${later.stage} ${later.progress}`);
      assert.equal(newerRender(later, earlier), later, `${later.state} ${later.stage} ${later.progress} kept against ${earlier.state}`);
    }
  }
  for (const end of ['done', 'failed', 'cancelled', 'exploded']) {
    const ended = read({ state: end });
    for (const before of life.slice(0, -1)) assert.equal(newerRender(ended, before), ended, `${end} is never replaced by ${before.state}`);
  }
  const again = read({ stage: 'mix', progress: 0.5 });
  assert.equal(newerRender(life[2], again), again, 'as new: the one that came last');
  assert.equal(newerRender(null, life[0]), life[0]);
  assert.equal(newerRender(life[0], null), life[0]);
  assert.equal(newerRender(undefined, undefined), null);
  const other = read({ id: 4, state: 'waiting' });
  assert.equal(newerRender(life[5], other), other, 'another render is not older news of this one');
});

test('the render started ends at done with its download, in every order the answer and /live’s records arrive', () => {
  const arrivals = [['answer', waiting], ['live', waiting], ['live', mixing], ['live', done]];
  const everyOrder = orders(arrivals);
  assert.equal(everyOrder.length, 24);
  // Before Start, the dialog follows nothing, an earlier render of its own (ended), or another performer's.
  const before = [[], [record({ id: 2, state: 'done', progress: 1, download: '/api/renders/2/file' })], [record({ id: 1 })]];
  for (const earlier of before) {
    for (const order of everyOrder) {
      const follower = new RenderFollower();
      for (const one of earlier) follower.hear(one);
      follower.start();
      assert.equal(follower.starting, true);
      let answered = false, shown = -1;
      for (const [kind, one] of order) {
        if (kind === 'answer') {
          follower.started(one);
          answered = true;
        } else {
          follower.hear(one);
        }
        follower.hear(record({ id: 5, state: 'running', progress: 0.2 }));  // another performer's render, meanwhile
        if (!answered) continue;
        const label = `${earlier.map((one) => one.id)} ${order.map(([k, one]) => `${k}:${one.state}`).join(' ')}`;
        assert.equal(follower.render.id, 3, label);
        assert.ok(rank(follower.render) >= shown, `${label}: went back to ${follower.render.state}`);
        shown = rank(follower.render);
      }
      const label = order.map(([kind, one]) => `${kind}:${one.state}`).join(' ');
      assert.equal(follower.starting, false, label);
      assert.equal(follower.render.state, 'done', label);
      const status = renderStatus(follower.render);
      assert.equal(status.text, 'Done', label);
      assert.equal(status.download, '/api/renders/3/file', label);
      assert.equal(status.file, 'Demo.wav', label);
      assert.equal(status.running, false, `${label}: nothing to cancel`);
    }
  }
});

test('a GET’s answer older than what /live told does not take the dialog back', () => {
  for (const order of orders([['get', mixing], ['live', mixing], ['live', done]])) {
    const follower = new RenderFollower();
    follower.start();
    follower.started(waiting);
    for (const [, one] of order) follower.hear(one);
    assert.equal(follower.render.state, 'done', order.map(([kind, one]) => `${kind}:${one.state}`).join(' '));
  }
  const follower = new RenderFollower();
  follower.hear(done);
  assert.equal(follower.hear(record({ state: 'running', progress: 0.9 })), false, 'nothing changed');
  assert.equal(follower.render.state, 'done');
});

test('while a Start waits for its answer the render followed stays; a refused Start keeps it, an answer replaces it', () => {
  const earlier = record({ id: 2, state: 'done', progress: 1, download: '/api/renders/2/file' });
  const follower = new RenderFollower();
  assert.equal(follower.hear(earlier), true);
  follower.start();
  follower.hear(done);  // render 3 is done before its answer: kept, not shown over render 2 yet
  assert.equal(follower.render.id, 2);
  follower.refused();
  assert.equal(follower.starting, false);
  assert.equal(follower.render.id, 2, 'refused: the render followed before');
  follower.start();
  follower.hear(record({ id: 4, state: 'running' }));
  assert.equal(follower.started(record({ id: 4, state: 'waiting', stage: null, progress: 0 })), true);
  assert.deepEqual([follower.render.id, follower.render.state], [4, 'running'], 'the newest heard of the render answered');
  follower.start();
  follower.started({ name: 'no id' });
  assert.equal(follower.render, null, 'an answer naming no render: none followed');
});

test('while its render is to finish, the dialog reads it again: news of its end may have been missed', () => {
  const follower = new RenderFollower();
  assert.equal(follower.worthRereading(), null, 'none followed: nothing to read');
  follower.start();
  assert.equal(follower.worthRereading(), null, 'a Start waiting for its answer: still none followed');
  follower.hear(mixing);
  follower.started(waiting);
  assert.equal(follower.worthRereading(), 3, 'the answer came: the render may have moved on while it travelled');
  follower.hear(record({ state: 'running', stage: 'video', progress: 0.5 }));
  assert.equal(follower.worthRereading(), 3, '/live connected again while it runs');
  follower.hear(done);
  assert.equal(follower.worthRereading(), null, 'ended: nothing more to hear of it');
  for (const end of ['failed', 'cancelled', 'exploded']) {
    const ended = new RenderFollower();
    ended.hear(record({ state: end }));
    assert.equal(ended.worthRereading(), null, end);
  }
  const other = new RenderFollower();
  other.hear(record({ id: 5, state: 'waiting', stage: null, progress: 0 }));
  assert.equal(other.worthRereading(), 5, 'another performer’s render, followed while it waits');
});

test('a GET asked again whose answer is older than what /live told since does not take the dialog back', () => {
  // The GET is asked while the render mixes; /live tells it drawing the light, or done, before the answer comes.
  for (const since of [record({ state: 'running', stage: 'video', progress: 0.2 }), done]) {
    const follower = new RenderFollower();
    follower.start();
    follower.started(waiting);
    follower.hear(mixing);
    assert.equal(follower.worthRereading(), 3);
    follower.hear(since);
    assert.equal(follower.hear(record({ state: 'running', stage: 'mix', progress: 0.9 })), false, `${since.state}: the older answer loses`);
    assert.deepEqual([follower.render.state, follower.render.stage], [since.state, since.stage]);
  }
  // Nothing heard on /live since: the answer is the newest news, done with its download.
  const follower = new RenderFollower();
  follower.start();
  follower.started(waiting);
  assert.equal(follower.hear(done), true);
  assert.equal(renderStatus(follower.render).download, '/api/renders/3/file');
  assert.equal(follower.worthRereading(), null);
});
