#!/usr/bin/env node
// The sources are TypeScript; tsx compiles them as they load, in this same process, so a signal
// sent to this process reaches the backend itself.
import { register } from "tsx/esm/api";

register();
await import("../src/cli.ts");
