extension Double {
    /// Whole numbers without a fraction ("3000"), others in the shortest form that reads back
    /// exactly ("35.6812"): how JSON, messages, footers and scale labels write a number.
    public var plainText: String {
        if self == rounded(), abs(self) < 1e15 { return String(Int(self)) }
        return "\(self)"
    }
}
