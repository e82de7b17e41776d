/** The mail template engine, for tools that check a project's templates as the backend reads them. */
export { compileTemplate, TemplateError } from "./template";
export { htmlToText } from "./html-to-text";
