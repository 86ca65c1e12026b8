/** The server's password rule, checked before an SMS code is spent on a password it would refuse. */
export { passwordProblem } from '@kezhan/contract/browser';
