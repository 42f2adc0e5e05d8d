// A page's one state object. The page draws itself from `get()`; every change goes through
// `set`, which hands the new state to each subscriber (the page's render). Nothing else in a
// module may change over time (the lint forbids module-level `let`/`var`).

/** A store holding `initial`; `set(patch)` merges an object, `set(fn)` replaces by `fn(state)`. */
export function createStore(initial) {
  let state = initial;
  const listeners = new Set();
  return {
    get: () => state,
    set(change) {
      const next = typeof change === "function" ? change(state) : { ...state, ...change };
      if (next === state) return;
      state = next;
      for (const listener of listeners) listener(state);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/**
 * The `act(work)` of a page whose store has `busy` and `error`: runs one async `work` at a time
 * (a second call while one runs does nothing) and puts `describe(e)` of its failure in `error`.
 */
export function oneAtATime(store, describe) {
  return async (work) => {
    if (store.get().busy) return;
    store.set({ busy: true, error: "" });
    try {
      await work();
    } catch (e) {
      store.set({ error: describe(e) });
    } finally {
      store.set({ busy: false });
    }
  };
}
