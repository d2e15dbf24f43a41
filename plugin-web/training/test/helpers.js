export { stubFetch, renderWithQuery } from '../../kit/test/helpers';
