// Plain JavaScript in a string, with no imports, so that tests can run it in a DOM of their own.

/**
 * Run in the static copy (static-replay.ts) once its first state is loaded and
 * `window.__floorStates` holds the parsed bodies of the states after it. Before any key, each
 * recorded body is turned into the list of DOM writes that takes the previous state to it
 * (worked out on a detached copy, nodes named by their path of child indexes); each change
 * event of a menu then applies the next list and tells the bench's probe it committed.
 * Elements stay where their tag matches (so the focused select is the same element
 * throughout), text and attributes are written only where they differ, and a select's value
 * and its options' `selected` are left to the native control, as the keys drive it.
 */
export const REPLAY_SCRIPT = String.raw`(() => {
  const keep = (el, name) => (el.tagName === 'SELECT' && name === 'value') || (el.tagName === 'OPTION' && name === 'selected');
  const plan = (live, target, path, ops) => {
    let l = live.firstChild;
    let t = target.firstChild;
    let i = 0;
    while (t) {
      const nextTarget = t.nextSibling;
      const at = [...path, i];
      if (!l) {
        ops.push({ kind: 'append', path, node: t.cloneNode(true) });
        live.appendChild(t);
      } else if (l.nodeType === t.nodeType && l.nodeName === t.nodeName) {
        if (l.nodeType === Node.ELEMENT_NODE) {
          const remove = [...l.attributes].map((a) => a.name).filter((n) => !t.hasAttribute(n) && !keep(l, n));
          const set = [...t.attributes].filter((a) => l.getAttribute(a.name) !== a.value && !keep(l, a.name)).map((a) => [a.name, a.value]);
          if (remove.length || set.length) ops.push({ kind: 'attributes', path: at, remove, set });
          for (const n of remove) l.removeAttribute(n);
          for (const [n, v] of set) l.setAttribute(n, v);
          plan(l, t, at, ops);
        } else if (l.nodeValue !== t.nodeValue) {
          ops.push({ kind: 'text', path: at, value: t.nodeValue });
          l.nodeValue = t.nodeValue;
        }
        l = l.nextSibling;
      } else {
        const nextLive = l.nextSibling;
        ops.push({ kind: 'replace', path: at, node: t.cloneNode(true) });
        live.replaceChild(t, l);
        l = nextLive;
      }
      t = nextTarget;
      i++;
    }
    for (; l; i++) {
      const nextLive = l.nextSibling;
      ops.push({ kind: 'remove', path: [...path, i] });
      live.removeChild(l);
      l = nextLive;
    }
  };
  const copy = document.body.cloneNode(true);
  const patches = window.__floorStates.map((target) => {
    const ops = [];
    plan(copy, target, [], ops);
    // Removals run from the last child back, so earlier indexes stay valid.
    return [...ops.filter((o) => o.kind !== 'remove'), ...ops.filter((o) => o.kind === 'remove').reverse()];
  });
  window.__floorWrites = patches.map((ops) => ops.length);
  const at = (path) => path.reduce((node, i) => node.childNodes[i], document.body);
  window.__floorWritesMs = [];
  let next = 0;
  document.addEventListener('change', () => {
    const ops = patches[next++];
    if (!ops) return;
    const t0 = performance.now();
    for (const op of ops) {
      switch (op.kind) {
        case 'text': at(op.path).nodeValue = op.value; break;
        case 'attributes': { const el = at(op.path); for (const n of op.remove) el.removeAttribute(n); for (const [n, v] of op.set) el.setAttribute(n, v); break; }
        case 'replace': { const old = at(op.path); old.parentNode.replaceChild(op.node, old); break; }
        case 'append': at(op.path).appendChild(op.node); break;
        case 'remove': { const old = at(op.path); old.parentNode.removeChild(old); break; }
      }
    }
    const t = performance.now();
    window.__floorWritesMs.push(t - t0);
    for (const listener of window.__rbCommitListeners.slice()) listener(t, null);
  }, true);
})()`;
