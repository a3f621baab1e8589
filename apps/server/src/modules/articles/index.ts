// What other modules may use of the knowledge base (they import this file, never the module's own files).

export { readableArticle } from './service.js';
