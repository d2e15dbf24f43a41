export { stubFetch, renderWithQuery, renderHookWithQuery, FakeXhr, useFakeXhr } from '../../kit/test/helpers';
