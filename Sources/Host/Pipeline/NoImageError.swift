import NinepipeCore

struct NoImageError: NinepipeError {
    var description: String { "there is no image yet: put load \"PATH\" first, or pass an input image" }
}
