// Lint of the web pages (`assets/`) and their unit tests (`js-tests/`): ESLint's recommended
// rules, plus the pages' one structural rule, that a module keeps no mutable state of its own
// (`lint/no-module-state.js`: no module-level `let` or `var`, no module-level object changed):
// a page's state lives in its store (`assets/store.js`).
import js from "@eslint/js";
import globals from "globals";
import pages from "./lint/no-module-state.js";

export default [
  { ignores: ["assets/vendor/", "node_modules/"] },
  js.configs.recommended,
  {
    files: ["assets/**/*.js"],
    languageOptions: { ecmaVersion: 2024, sourceType: "module", globals: { ...globals.browser } },
    plugins: { pages },
    rules: {
      "pages/no-module-state": "error",
      "no-unused-vars": ["error", { argsIgnorePattern: "^_" }],
    },
  },
  {
    files: ["js-tests/**/*.js", "lint/**/*.js", "eslint.config.js"],
    languageOptions: { ecmaVersion: 2024, sourceType: "module", globals: { ...globals.node } },
  },
];
