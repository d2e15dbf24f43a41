export { stubFetch, renderWithQuery, renderHookWithQuery } from '../../kit/test/helpers';
