// jsdom ships no types of its own; the unit tests that read server-rendered HTML need only this.
declare module "jsdom" {
  export class JSDOM {
    constructor(html?: string);
    readonly window: Window & typeof globalThis;
  }
}
