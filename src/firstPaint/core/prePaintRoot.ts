/** The container of a kept copy in the page, whoever painted it (a name of its own: the page's first script reads it). */
export const prePaintRootAttribute = 'data-prepaint-root';
