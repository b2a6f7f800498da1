#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The terminal mode of the prompt's line editor and the interactive map.
enum RawMode {
    /// Keys one at a time, no echo, and Ctrl-C/Ctrl-Z as keys; returns the mode to restore, nil
    /// when stdin is no terminal.
    static func enter() -> termios? {
        var original = termios()
        guard tcgetattr(STDIN_FILENO, &original) == 0 else { return nil }
        var raw = original
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO | ISIG | IEXTEN)
        raw.c_iflag &= ~tcflag_t(IXON | ICRNL)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        guard tcsetattr(STDIN_FILENO, TCSADRAIN, &raw) == 0 else { return nil }
        return original
    }

    /// Acts on a signal as if the terminal had sent it (Ctrl-Z stops the process, SIGTERM ends
    /// it). The calling thread may be one of the concurrency pool's, which block signals, so
    /// the signal is unblocked here for the moment it is raised.
    static func deliver(_ number: Int32) {
        var only = sigset_t(), saved = sigset_t()
        sigemptyset(&only)
        sigaddset(&only, number)
        pthread_sigmask(SIG_UNBLOCK, &only, &saved)
        raise(number)
        pthread_sigmask(SIG_SETMASK, &saved, nil)
    }
}
