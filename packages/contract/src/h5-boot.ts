/**
 * The query with which the h5 asks for its home page blocks
 * (`GET /api/v2/viewBlock/page/blocks`). The server inlines that answer into the home page, keyed
 * by the same address, so both sides build it from this one value. No zod here: the h5's home
 * route imports it.
 */
export const H5_HOME_BLOCKS = { platform: 'h5', page_name: 'h5-page-index' } as const;
