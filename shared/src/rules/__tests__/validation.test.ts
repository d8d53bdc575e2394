import {
  addressProblem,
  checkResume,
  isAddressComplete,
  isValidMobile,
  orderStatusKind,
  validateEnquiry,
} from '../validation';

const valid = { email: 'buyer@example.com', quantity: 1, mobileNo: '+91 98400 12345', country: 'India' };

describe('validateEnquiry', () => {
  it('accepts a complete enquiry', () => {
    expect(validateEnquiry(valid)).toEqual({});
  });
  it.each([
    [{ email: '' }, 'email', 'Email is required'],
    [{ email: 'not-an-address' }, 'email', 'Please enter a valid email address'],
    [{ quantity: 0 }, 'quantity', 'Please enter a valid quantity'],
    [{ quantity: '' }, 'quantity', 'Please enter a valid quantity'],
    [{ mobileNo: '' }, 'mobileNo', 'Mobile number is required'],
    [{ mobileNo: '12ab' }, 'mobileNo', 'Please enter a valid mobile number'],
    [{ country: ' ' }, 'country', 'Country is required'],
  ])('with %j reports %s: %s', (change, field, message) => {
    expect(validateEnquiry({ ...valid, ...change })).toEqual({ [field]: message });
  });
});

describe('isValidMobile', () => {
  it.each([
    ['9840012345', true],
    ['+91 98400 12345', true],
    ['044-2345-6789', true],
    ['1234567', false],
    ['+1234567890123456', false],
    ['98400x12345', false],
  ])('%p is %p', (mobile, expected) => {
    expect(isValidMobile(mobile)).toBe(expected);
  });
});

describe('isAddressComplete', () => {
  const address = {
    firstName: 'Asha',
    lastName: 'Rao',
    email: '',
    street: '12 Anna Salai',
    city: 'Chennai',
    state: 'Tamil Nadu',
    zipcode: '600002',
    country: 'India',
    phone: '9840012345',
  };
  it('does not need the e-mail', () => {
    expect(isAddressComplete(address)).toBe(true);
  });
  it.each(['firstName', 'lastName', 'street', 'city', 'state', 'zipcode', 'country', 'phone'])(
    'needs %s',
    (field) => {
      expect(isAddressComplete({ ...address, [field]: ' ' })).toBe(false);
    },
  );
});

describe('addressProblem', () => {
  const address = {
    firstName: 'Asha',
    lastName: 'Rao',
    email: '',
    street: '12 Anna Salai',
    city: 'Chennai',
    state: 'Tamil Nadu',
    zipcode: '600002',
    country: 'India',
    phone: '9840012345',
  };
  it.each([
    [{}, null],
    [{ email: 'asha@example.com' }, null],
    [{ email: 'x1<victim@example.test>' }, 'Please enter a valid email address'],
    [{ email: 'grp:victim@example.test;' }, 'Please enter a valid email address'],
    [{ city: '' }, 'Please fill all required fields'],
    [{ city: '', email: 'bad' }, 'Please fill all required fields'],
  ])('with %j: %p', (change, problem) => {
    expect(addressProblem({ ...address, ...change })).toBe(problem);
  });
});

describe('checkResume', () => {
  it.each([
    [{ name: 'cv.pdf', size: 1000 }, null],
    [{ name: 'CV.DOCX', size: 2 * 1024 * 1024 }, null],
    [{ name: 'cv.doc', size: 2 * 1024 * 1024 + 1 }, 'File size should not exceed 2MB'],
    [{ name: 'cv.png', size: 10 }, 'Please upload a PDF, DOC or DOCX file'],
  ])('%j -> %p', (file, expected) => {
    expect(checkResume(file)).toBe(expected);
  });
});

describe('orderStatusKind', () => {
  it.each([
    ['Processing', 'processing'],
    ['SHIPPED', 'shipped'],
    ['delivered', 'delivered'],
    ['Cancelled', 'cancelled'],
    ['Order Placed', 'other'],
  ])('%p is styled as %p', (status, kind) => {
    expect(orderStatusKind(status)).toBe(kind);
  });
});
