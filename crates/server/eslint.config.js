// Lint of the web pages (`assets/`) and their unit tests (`js-tests/`): ESLint's recommended
// rules, plus the pages' one structural rule, that a module keeps no mutable state of its own
// (no module-level `let` or `var`): a page's state lives in its store (`assets/store.js`).
import js from "@eslint/js";
import globals from "globals";

const noModuleState = {
  selector: "Program > VariableDeclaration[kind!='const'], Program > ExportNamedDeclaration > VariableDeclaration[kind!='const']",
  message: "Module-level mutable state: keep it in the page's store (assets/store.js).",
};

export default [
  { ignores: ["assets/vendor/", "node_modules/"] },
  js.configs.recommended,
  {
    files: ["assets/**/*.js"],
    languageOptions: { ecmaVersion: 2024, sourceType: "module", globals: { ...globals.browser } },
    rules: {
      "no-restricted-syntax": ["error", noModuleState],
      "no-unused-vars": ["error", { argsIgnorePattern: "^_" }],
    },
  },
  {
    files: ["js-tests/**/*.js", "eslint.config.js"],
    languageOptions: { ecmaVersion: 2024, sourceType: "module", globals: { ...globals.node } },
  },
];
