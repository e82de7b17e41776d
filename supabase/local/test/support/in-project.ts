import path from "node:path";

// Each test file runs in the package's own project folder, so a backend started without a
// fixture (or the package's command, spawned) reads test/fixtures/project/supabase, not the app's.
process.chdir(path.join(import.meta.dirname, "..", "fixtures", "project"));
