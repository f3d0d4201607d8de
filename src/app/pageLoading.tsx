/** While translations or a page's code load: a spinner that needs no translation. */
export const pageLoading = <div className="page-loading" role="status" aria-busy="true" />;
