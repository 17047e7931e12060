import { fieldLabel } from '../../src/lib/validation-message';

describe('fieldLabel (issue 28: people see sentences, not JSON names)', () => {
  it.each([
    ['password', 'Password'], ['totalHours', 'Total hours'], ['imgUrl', 'Image URL'], ['preRequisite', 'Prerequisite'],
    ['CourseDuration.calendarLength', 'Calendar length'], ['content[1]', 'Item 2 of content'], ['orderID', 'Order ID'], ['q', 'Search text'],
  ])('%s -> %s', (path, label) => {
    expect(fieldLabel(path)).toBe(label);
  });
});
