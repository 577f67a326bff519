import { defineConfig } from "vitest/config";

// Two projects: fast unit tests next to the code, and integration tests in test/ that run the real HTTP app
// against DynamoDB Local (started once by the global setup).
export default defineConfig({
  test: {
    // The JSON report lets .ci/run print a plain "N passed, N failed" closing line.
    reporters: ["default", ["json", { outputFile: "test-artifacts/vitest.json" }]],
    projects: [
      {
        test: {
          name: "unit",
          include: ["packages/*/src/**/*.test.ts"],
          environment: "node",
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: "integration",
          include: ["test/**/*.test.ts"],
          environment: "node",
          globalSetup: ["test/global-setup.ts"],
          setupFiles: ["test/setup-env.ts"],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // One DynamoDB Local serves every file; files isolate themselves by account.
          fileParallelism: false,
        },
      },
    ],
  },
});
