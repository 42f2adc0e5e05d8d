// The pages' one structural rule, as an ESLint rule: a module keeps no mutable state of its own;
// a page's state lives in its store (`assets/store.js`). It reports, at a module's top level:
// - a `let` or `var` (a binding that can be given another value);
// - a `const` whose value the module changes: an assignment to one of its properties
//   (`cache.x = 1`, `cache[k]++`, `delete cache.x`), a call of a mutating method on it or on one
//   of its properties (`seen.add(x)`, `list.push(x)`, `map.set(k, v)`, `a.b.sort()`), or
//   `Object.assign(cache, …)`.
// A `const` holding a store (`const table = createStore(…)`) is the state itself, changed
// through its `set`, and is allowed. Tested by `js-tests/lint.test.js`.

const MUTATORS = new Set(["push", "pop", "shift", "unshift", "splice", "sort", "reverse", "fill", "copyWithin", "set", "add", "delete", "clear"]);

function isStore(init) {
  return init?.type === "CallExpression" && init.callee.type === "Identifier" && init.callee.name === "createStore";
}

/** How `id` (a reference to a module-level binding) changes its value, or null. */
function mutation(id) {
  const parent = id.parent;
  if (parent.type === "CallExpression" && parent.arguments[0] === id && parent.callee.type === "MemberExpression"
    && parent.callee.object.name === "Object" && parent.callee.property.name === "assign") return "Object.assign";
  let top = id;
  while (top.parent.type === "MemberExpression" && top.parent.object === top) top = top.parent;
  if (top === id) return null;
  const up = top.parent;
  if (up.type === "AssignmentExpression" && up.left === top) return "an assignment to a property";
  if (up.type === "UpdateExpression") return "an update of a property";
  if (up.type === "UnaryExpression" && up.operator === "delete") return "delete";
  if (up.type === "CallExpression" && up.callee === top && !top.computed && MUTATORS.has(top.property.name)) return `.${top.property.name}()`;
  return null;
}

export const noModuleState = {
  meta: {
    type: "problem",
    docs: { description: "no module-level mutable state outside a store" },
    schema: [],
    messages: {
      binding: "Module-level `{{kind}}`: keep a page's state in its store (assets/store.js).",
      mutated: "Module-level `{{name}}` is changed ({{how}}): keep a page's state in its store (assets/store.js).",
    },
  },
  create(context) {
    return {
      "Program:exit"(program) {
        const global = context.sourceCode.getScope(program);
        const scope = global.childScopes.find((s) => s.type === "module") || global;
        const reported = new Set();
        for (const variable of scope.variables) {
          const def = variable.defs[0];
          if (!def || def.type !== "Variable") continue;
          const declaration = def.parent;
          if (declaration.kind !== "const") {
            if (!reported.has(declaration)) context.report({ node: declaration, messageId: "binding", data: { kind: declaration.kind } });
            reported.add(declaration);
            continue;
          }
          if (isStore(def.node.init)) continue;
          for (const ref of variable.references) {
            const how = ref.init ? null : mutation(ref.identifier);
            if (how) context.report({ node: ref.identifier, messageId: "mutated", data: { name: variable.name, how } });
          }
        }
      },
    };
  },
};

export default { rules: { "no-module-state": noModuleState } };
