/**
 * The Nu Html Checker (vnu.jar from the vnu-jar package, run by the machine's Java: its own
 * downloader is an install script this project does not approve) on a rendered document.
 */
import { execFile } from 'node:child_process';

const vnuJar = require.resolve('vnu-jar/build/dist/vnu.jar');

export interface HtmlMessage {
  type: 'error' | 'info';
  subType?: string;
  message: string;
  extract?: string;
}

/** Every message the checker gives for the document: errors, warnings and notes. */
export function checkHtml(html: string): Promise<HtmlMessage[]> {
  return new Promise((resolve, reject) => {
    const checker = execFile(
      'java',
      ['-jar', vnuJar, '--format', 'json', '--exit-zero-always', '--stdout', '-'],
      { maxBuffer: 16 * 1024 * 1024 },
      (error, stdout) => {
        if (error)
          return reject(new Error(`vnu.jar failed (is Java installed?): ${error.message}`));
        resolve((JSON.parse(stdout) as { messages: HtmlMessage[] }).messages);
      },
    );
    checker.stdin?.end(html);
  });
}

export const isError = (message: HtmlMessage) =>
  message.type === 'error' || message.subType === 'fatal';
export const isWarning = (message: HtmlMessage) =>
  message.type === 'info' && message.subType === 'warning';
