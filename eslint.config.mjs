import nx from "@nx/eslint-plugin";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";

export default [
    ...nx.configs["flat/base"],
    ...nx.configs["flat/typescript"],
    ...nx.configs["flat/javascript"],
    {
        ignores: [
            "**/dist",
            "**/out-tsc",
            "**/node_modules",
            "frontend/e2e/**"
        ]
    },
    {
        files: [
            "**/*.ts",
            "**/*.tsx",
            "**/*.js",
            "**/*.jsx"
        ],
        rules: {
            "@nx/enforce-module-boundaries": [
                "error",
                {
                    enforceBuildableLibDependency: true,
                    allow: [
                        "^.*/eslint(\\.base)?\\.config\\.[cm]?[jt]s$",
                        // Build-time federation settings shared by every app's config.
                        "^.*/module-federation\\.shared$",
                        // Test fixtures: any lib's specs may use them (test files only, see below).
                        "^@hostcart/shared-testing$",
                        // The apps' rspack.config.ts load the build plugins of frontend/tools
                        // (federation, modern syntax, locale texts). That is Node-side build code that
                        // never enters a bundle, and rspack loads its config before any tsconfig path
                        // alias applies, so the configs reach it by relative path (apps/<app> -> tools).
                        "^\\.\\./\\.\\./tools/[a-z-]+$"
                    ],
                    // Thin apps, code in libraries: apps use features, features use ui,
                    // data-access and util; a scope sees only itself and shared.
                    depConstraints: [
                        { sourceTag: "type:app", onlyDependOnLibsWithTags: ["type:feature", "type:shared-feature", "type:ui", "type:data-access", "type:util"] },
                        // A shared feature (e.g. the period modal) is a screen part that features of
                        // several scopes mount; it never depends on another feature.
                        { sourceTag: "type:feature", onlyDependOnLibsWithTags: ["type:shared-feature", "type:ui", "type:data-access", "type:util"] },
                        { sourceTag: "type:shared-feature", onlyDependOnLibsWithTags: ["type:ui", "type:data-access", "type:util"] },
                        { sourceTag: "type:ui", onlyDependOnLibsWithTags: ["type:ui", "type:util"] },
                        { sourceTag: "type:data-access", onlyDependOnLibsWithTags: ["type:data-access", "type:util"] },
                        { sourceTag: "type:util", onlyDependOnLibsWithTags: ["type:util"] },
                        { sourceTag: "type:testing", onlyDependOnLibsWithTags: ["type:data-access", "type:util"] },
                        { sourceTag: "scope:shared", onlyDependOnLibsWithTags: ["scope:shared"] },
                        { sourceTag: "scope:shell", onlyDependOnLibsWithTags: ["scope:shared", "scope:shell"] },
                        { sourceTag: "scope:flow", onlyDependOnLibsWithTags: ["scope:shared", "scope:flow"] },
                        { sourceTag: "scope:checkout", onlyDependOnLibsWithTags: ["scope:shared", "scope:checkout"] },
                        { sourceTag: "scope:agent", onlyDependOnLibsWithTags: ["scope:shared", "scope:agent"] }
                    ]
                }
            ]
        }
    },
    {
        // Hooks: a hook called conditionally is a bug (error); a missing effect dependency is one
        // too often enough that it is an error as well: list it, or say with a disable comment why not.
        // (Nx's React config registers the plugin for the projects' configs; the same object here.)
        files: ["**/*.ts", "**/*.tsx"],
        plugins: { "react-hooks": reactHooks },
        rules: {
            "react-hooks/rules-of-hooks": "error",
            "react-hooks/exhaustive-deps": "error"
        }
    },
    {
        // Accessibility of the markup: jsx-a11y's recommended set on every component file.
        // (Its flat preset carries a plugin object of its own, which ESLint refuses beside the
        // plugin Nx registers: the preset's rules with the plugin module itself.)
        files: ["**/*.tsx"],
        plugins: { "jsx-a11y": jsxA11y },
        rules: jsxA11y.flatConfigs.recommended.rules
    },
    {
        // @hostcart/shared-testing is for tests: library and app code must not ship it.
        files: ["**/*.ts", "**/*.tsx"],
        ignores: ["**/*.spec.ts", "**/*.spec.tsx", "**/test-utils.ts", "**/test-utils.tsx", "**/test-store.ts"],
        rules: {
            "no-restricted-imports": ["error", { paths: [{ name: "@hostcart/shared-testing", message: "Test fixtures: import them only from specs and test-utils files." }] }]
        }
    },
    {
        files: [
            "**/*.ts",
            "**/*.tsx",
            "**/*.cts",
            "**/*.mts",
            "**/*.js",
            "**/*.jsx",
            "**/*.cjs",
            "**/*.mjs"
        ],
        // Override or add rules here
        rules: {}
    }
];
