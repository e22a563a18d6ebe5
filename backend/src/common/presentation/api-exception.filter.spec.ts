import { describeForLog } from './api-exception.filter.js';

describe('describeForLog', () => {
  it('keeps the type, code and stack frames of an error but never its message', () => {
    const error = Object.assign(new Error('dup key: { phone: "9876543210" }'), { code: 11000 });
    const described = describeForLog(error);
    expect(described).toMatchObject({ type: 'Error', code: 11000 });
    expect(JSON.stringify(described)).not.toContain('9876543210');
    expect(described.stack).toContain('api-exception.filter.spec');
  });
});
