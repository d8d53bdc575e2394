// `release token create | list | revoke`: a release manager's deploy tokens. A new token's secret goes alone to
// standard output, so a script can take it (`... | gh secret set RELEASE_TOKEN`); what the API says of it goes to
// standard error.
import { EXIT, type DeployTokenAdmin, type Output } from '../backend.js';
import { tokenLine } from '../cli-print.js';
import type { CommandOf } from '../parsed-command.js';

export async function token(
  command: CommandOf<'token'>,
  tokens: DeployTokenAdmin,
  io: Output,
): Promise<number> {
  if (command.action === 'list') {
    const listed = await tokens.listTokens();
    io.out(listed.length ? listed.map(tokenLine).join('\n') : 'No deploy tokens yet.');
  } else if (command.action === 'revoke') {
    io.out(await tokens.revokeToken(command.id));
  } else {
    const { name, remotes, can, expiresInDays } = command;
    const made = await tokens.createToken({ name, remotes, can, expiresInDays });
    io.err(made.message);
    io.out(made.secret);
  }
  return EXIT.ok;
}
