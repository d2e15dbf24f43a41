export { stubFetch } from '../../kit/test/helpers';
