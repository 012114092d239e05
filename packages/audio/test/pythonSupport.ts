import { execFileSync } from 'node:child_process';

export function python(): boolean {
  try {
    execFileSync('python3', ['-c', 'pass'], { stdio: 'ignore', timeout: 10_000 });
    return true;
  } catch {
    return false;
  }
}

export function pythonHas(module: string): boolean {
  try {
    execFileSync('python3', ['-W', 'ignore', '-c', `import ${module}`], { stdio: 'ignore', timeout: 10_000 });
    return true;
  } catch {
    return false;
  }
}
